import type { AnalyticsDay, AnalyticsReport } from '@kaksha/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useT } from '@/i18n';
import { formatAmount, formatNumber, shortLabel } from '@/lib/format';
import { CHART_HEIGHT } from '@/lib/ui-constants';
import { formatDay, formatFullDay, formatShare } from '../lib/format';
import { ChartCard, type FigureColumn } from './ChartCard';

/** Colours apart for every kind of colour vision (Okabe–Ito), dark enough on white. */
export const SERIES_COLOURS = ['#0f172a', '#d55e00', '#0072b2', '#009e73'] as const;

const axis = { tick: { fontSize: 12 } };
const margin = { top: 8, right: 8, left: 0, bottom: 8 };

type Series = { key: keyof AnalyticsDay; name: string; format: (value: number) => string };

/** Days along the bottom, one line per series. */
function DaysChart({ days, series, bars }: { days: AnalyticsDay[]; series: Series[]; bars?: boolean }) {
  const data = days.map((d) => ({ ...d, day: formatDay(d.date) }));
  const format = (value: unknown, name: unknown) =>
    series.find((s) => s.name === name)?.format(Number(value)) ?? String(value);
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" {...axis} interval="preserveStartEnd" minTickGap={16} />
      <YAxis width={48} {...axis} allowDecimals={false} />
      <Tooltip formatter={format} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      {bars ? (
        <BarChart accessibilityLayer={false} data={data} margin={margin}>
          {common}
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={SERIES_COLOURS[i]}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      ) : (
        <LineChart accessibilityLayer={false} data={data} margin={margin}>
          {common}
          {series.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={SERIES_COLOURS[i]}
              strokeWidth={2}
              strokeDasharray={i % 2 ? '5 3' : undefined}
              dot={days.length <= 31}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}

/** The table of a chart over days: the day, then each series. */
function dayColumns(t: ReturnType<typeof useT>, series: Series[]): FigureColumn<AnalyticsDay>[] {
  return [
    { header: t('analytics.date'), cell: (d) => formatFullDay(d.date) },
    ...series.map((s) => ({ header: s.name, cell: (d: AnalyticsDay) => s.format(Number(d[s.key])), numeric: true })),
  ];
}

/**
 * Loaded lazily by the report (the chart library only for those who open it): visitors and
 * enrolments, money, learning, traffic sources and quizzes, each chart with its table.
 */
export default function ReportCharts({ report }: { report: AnalyticsReport }) {
  const t = useT();
  const days = report.days;
  const count = formatNumber;
  const traffic: Series[] = [
    { key: 'pageViews', name: t('analytics.pageViews'), format: count },
    { key: 'uniqueVisitors', name: t('analytics.visitors'), format: count },
    { key: 'checkouts', name: t('analytics.checkouts'), format: count },
    { key: 'enrolments', name: t('analytics.enrolments'), format: count },
  ];
  const money: Series[] = [
    { key: 'revenue', name: t('analytics.revenue'), format: formatAmount },
    { key: 'refunds', name: t('analytics.refunds'), format: formatAmount },
  ];
  const learning: Series[] = [
    { key: 'minutesWatched', name: t('analytics.minutesWatched'), format: count },
    { key: 'activeLearners', name: t('analytics.activeLearners'), format: count },
    { key: 'completions', name: t('analytics.completions'), format: count },
  ];
  const sources = report.sources.map((s) => ({ ...s, name: sourceName(t, s.source) }));
  return (
    <>
      <ChartCard
        title={t('analytics.trafficTitle')}
        chart={<DaysChart days={days} series={traffic} />}
        columns={[
          ...dayColumns(t, traffic),
          { header: t('analytics.conversion'), cell: (d) => formatShare(d.conversion), numeric: true },
        ]}
        rows={days}
        rowKey={(d) => d.date}
      />
      <ChartCard
        title={t('analytics.moneyTitle')}
        chart={<DaysChart days={days} series={money} bars />}
        columns={dayColumns(t, money)}
        rows={days}
        rowKey={(d) => d.date}
      />
      <ChartCard
        title={t('analytics.learningTitle')}
        chart={<DaysChart days={days} series={learning} />}
        columns={dayColumns(t, learning)}
        rows={days}
        rowKey={(d) => d.date}
      />
      <ChartCard
        title={t('analytics.sourcesTitle')}
        chart={
          sources.length > 0 && (
            <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
              <BarChart accessibilityLayer={false} data={sources} layout="vertical" margin={margin}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" {...axis} allowDecimals={false} />
                <YAxis type="category" dataKey="name" width={104} {...axis} tickFormatter={(v) => shortLabel(v, 10)} />
                <Tooltip />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar
                  dataKey="pageViews"
                  name={t('analytics.pageViews')}
                  fill={SERIES_COLOURS[0]}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="enrolments"
                  name={t('analytics.enrolments')}
                  fill={SERIES_COLOURS[1]}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          )
        }
        columns={[
          { header: t('analytics.source'), cell: (s) => s.name },
          { header: t('analytics.pageViews'), cell: (s) => count(s.pageViews), numeric: true },
          { header: t('analytics.enrolments'), cell: (s) => count(s.enrolments), numeric: true },
        ]}
        rows={sources}
        rowKey={(s) => s.source}
        empty={t('analytics.noSources')}
      />
      <ChartCard
        title={t('analytics.quizzesTitle')}
        chart={
          report.quizzes.length > 0 && (
            <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
              <BarChart
                accessibilityLayer={false}
                data={report.quizzes.map((q) => ({ name: q.title, passRate: q.passRate }))}
                margin={margin}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="name" {...axis} tickFormatter={(v) => shortLabel(v)} />
                <YAxis width={48} {...axis} domain={[0, 1]} tickFormatter={(v) => formatShare(Number(v))} />
                <Tooltip formatter={(v) => formatShare(Number(v))} />
                <Bar
                  dataKey="passRate"
                  name={t('analytics.passRate')}
                  fill={SERIES_COLOURS[2]}
                  radius={[3, 3, 0, 0]}
                  maxBarSize={48}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          )
        }
        columns={[
          { header: t('analytics.quiz'), cell: (q) => q.title },
          { header: t('analytics.passRate'), cell: (q) => formatShare(q.passRate), numeric: true },
          {
            header: t('analytics.hardest'),
            cell: (q) =>
              q.hardest.length === 0 ? (
                '—'
              ) : (
                <ol className="flex list-decimal flex-col gap-1 pl-5">
                  {q.hardest.map((h) => (
                    <li key={h.question} value={h.question}>
                      {h.prompt}{' '}
                      <span className="text-muted">
                        {t('analytics.answeredWrong', { share: formatShare(h.wrongShare) })}
                      </span>
                    </li>
                  ))}
                </ol>
              ),
          },
        ]}
        rows={report.quizzes}
        rowKey={(q) => q.quizId}
        empty={t('analytics.noQuizzes')}
      />
    </>
  );
}

/** A source as the educator reads it: a site's host, a campaign's source, or "Direct". */
export function sourceName(t: ReturnType<typeof useT>, source: string) {
  return !source || source === 'direct' || source === '(direct)' ? t('analytics.direct') : source;
}
