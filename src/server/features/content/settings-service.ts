// Platform settings kept as one JSON value per key; today the payment instructions.
import { eq } from 'drizzle-orm';
import { paymentInstructionsSchema, type PaymentInstructions } from '#shared/content.ts';
import type { Actor } from '#server/context.ts';
import { siteSettings } from '#server/db/schema.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

const PAYMENT_INSTRUCTIONS = 'payment_instructions';

export interface StoredPaymentInstructions extends PaymentInstructions {
  updated_at: string | null;
}

export async function getPaymentInstructions(connection: Connection): Promise<StoredPaymentInstructions> {
  const db = crossAgency(connection, 'the public site’s payment instructions belong to no agency');
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, PAYMENT_INSTRUCTIONS));
  // A value written by an older version that no longer parses reads as "not set", never as a 500.
  const parsed = paymentInstructionsSchema.safeParse(row?.value ?? {});
  const value = parsed.success ? parsed.data : paymentInstructionsSchema.parse({});
  return { ...value, updated_at: row && parsed.success ? row.updatedAt.toISOString() : null };
}

export async function savePaymentInstructions(connection: Connection, actor: Actor, value: PaymentInstructions): Promise<StoredPaymentInstructions> {
  const db = crossAgency(connection, 'the public site’s payment instructions belong to no agency');
  const set = { value, updatedBy: actor.userId, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    const [old] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, PAYMENT_INSTRUCTIONS)).for('update');
    await tx
      .insert(siteSettings)
      .values({ key: PAYMENT_INSTRUCTIONS, ...set })
      .onConflictDoUpdate({ target: siteSettings.key, set });
    // short texts an operator wants to compare (bank, PayPal, note), so kept whole
    await auditByActor(tx, actor, {
      action: 'settings.payment_instructions',
      targetType: 'site_settings',
      targetId: PAYMENT_INSTRUCTIONS,
      targetLabel: 'Payment instructions',
      before: old?.value ?? null,
      after: value,
    });
  });
  return getPaymentInstructions(db);
}
