// A signed amount of the commission screens: "-36.60" reads −$36.60; no amount reads "No rate".
import { COMMISSION_TEXT } from '#shared/commissions.ts';
import { formatMoney } from '#shared/money.ts';

export const signedMoney = (v: string | null) => (v === null ? COMMISSION_TEXT.noRate : v.startsWith('-') ? `−${formatMoney(v.slice(1))}` : formatMoney(v));
