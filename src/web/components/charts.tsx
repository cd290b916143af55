// The chart pieces (recharts). Only pages that draw charts import this module, so recharts stays
// out of the dashboard's and the public site's first load (issue 12). Charts are pictures: each has
// a data table beside it for keyboard and screen-reader users, so recharts' focusable layer is off.
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '#shared/money.ts';
import type { MonthPoint, RetentionPoint, Slice } from '#shared/analytics.ts';

const COLORS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#475569'];

/** Premiums are exact strings; the chart only needs a number for the bar's height. */
const height = (premium: string) => Number(premium);
const shortMonth = (month: string) => {
  const [y, m] = month.split('-');
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]} ${y.slice(2)}`;
};

export function PremiumByMonthChart({ data, compact = false }: { data: MonthPoint[]; compact?: boolean }) {
  const points = data.map((p) => ({ month: shortMonth(p.month), premium: height(p.premium), label: formatMoney(p.premium) }));
  return (
    <ResponsiveContainer width="100%" height={compact ? 160 : 260}>
      <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: compact ? 0 : 16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 11 }} interval={compact ? 2 : 'preserveStartEnd'} />
        {compact ? null : <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => `$${v.toLocaleString('en-US')}`} width={72} />}
        <Tooltip formatter={(_value, _name, item) => [(item.payload as { label: string }).label, 'Premium']} />
        <Bar dataKey="premium" fill={COLORS[0]} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function CountByMonthChart({ data }: { data: { month: string; count: number }[] }) {
  const points = data.map((p) => ({ month: shortMonth(p.month), count: p.count }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
        <Tooltip />
        <Line dataKey="count" name="New customers" stroke={COLORS[1]} strokeWidth={2} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function SliceChart({ data, by }: { data: Slice[]; by: 'count' | 'premium' }) {
  const points = data.map((s) => ({ name: s.label, value: by === 'count' ? s.count : height(s.premium), label: by === 'count' ? String(s.count) : formatMoney(s.premium) }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <PieChart accessibilityLayer={false}>
        <Pie rootTabIndex={-1} data={points} dataKey="value" nameKey="name" innerRadius={50} outerRadius={90} label={(p: { name?: string }) => p.name ?? ''} isAnimationActive={false}>
          {points.map((p, i) => (
            <Cell key={p.name} fill={COLORS[i % COLORS.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(_value, name, item) => [(item.payload as { label: string }).label, String(name)]} />
      </PieChart>
    </ResponsiveContainer>
  );
}

/** Retention in % per month; a month with no decided term has no bar (not a 0 % one). */
export function RetentionChart({ data }: { data: RetentionPoint[] }) {
  const points = data.map((p) => ({ month: shortMonth(p.month), rate: p.rate, label: p.rate === null ? '' : `${p.rate} %` }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} tickFormatter={(v: number) => `${v}%`} width={44} />
        <Tooltip formatter={(_value, _name, item) => [(item.payload as { label: string }).label, 'Retention']} />
        <Bar dataKey="rate" fill={COLORS[5]} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
