import type { EarningsMonth } from '@kaksha/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/ui/Card';
import { formatPaise } from '@/lib/format';
import { CHART_HEIGHT } from '@/lib/ui-constants';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-04' → 'Apr 26'. */
const label = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;

/** Loaded lazily by the Earnings page: a year by month, earned, refunded and paid out (a table for screen readers). */
export default function EarningsChart({ months }: { months: EarningsMonth[] }) {
  const data = months.map((m) => ({ ...m, name: label(m.month) }));
  const title = 'Earnings by month';
  return (
    <Card className="p-5">
      <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2>
      <figure aria-label={title} className="m-0">
        <div aria-hidden="true" style={{ height: CHART_HEIGHT }}>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
              <YAxis width={56} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(value) => formatPaise(Number(value))} cursor={{ fill: '#f1f5f9' }} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="earned" name="Earned" fill="#000000" radius={[4, 4, 0, 0]} isAnimationActive={false} />
              <Bar dataKey="refunded" name="Refunded" fill="#b91c1c" radius={[4, 4, 0, 0]} isAnimationActive={false} />
              <Bar dataKey="paidOut" name="Paid out" fill="#64748b" radius={[4, 4, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <div className="sr-only">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Earned</th>
                <th scope="col">Refunded</th>
                <th scope="col">Paid out</th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <td>{m.month}</td>
                  <td>{formatPaise(m.earned)}</td>
                  <td>{formatPaise(m.refunded)}</td>
                  <td>{formatPaise(m.paidOut)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </Card>
  );
}
