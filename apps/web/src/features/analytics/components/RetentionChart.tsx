import type { LectureRetention } from '@kaksha/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '@/i18n';
import { CHART_HEIGHT } from '@/lib/ui-constants';
import { formatShare } from '../lib/format';
import { SERIES_COLOURS } from './ReportCharts';

/** Loaded lazily: the share still watching at each 5 % of the lecture, and where viewers went back. */
export default function RetentionChart({ retention }: { retention: LectureRetention }) {
  const t = useT();
  const rewatched = new Map(retention.rewatched.map((r) => [r.at, r.share]));
  const data = retention.retention.map((r) => ({ at: r.at, share: r.share, rewatched: rewatched.get(r.at) ?? 0 }));
  const percent = (v: unknown) => formatShare(Number(v));
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 12, left: 0, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="at"
          type="number"
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          tickFormatter={(v) => formatShare(Number(v) / 100)}
          tick={{ fontSize: 12 }}
        />
        <YAxis width={48} domain={[0, 1]} tickFormatter={percent} tick={{ fontSize: 12 }} />
        <Tooltip
          formatter={percent}
          labelFormatter={(v) => t('analytics.atPoint', { at: formatShare(Number(v) / 100) })}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="monotone"
          dataKey="share"
          name={t('analytics.stillWatching')}
          stroke={SERIES_COLOURS[0]}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="rewatched"
          name={t('analytics.rewatched')}
          stroke={SERIES_COLOURS[1]}
          strokeWidth={2}
          strokeDasharray="5 3"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
