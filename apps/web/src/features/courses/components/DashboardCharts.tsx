import type { Course } from '@kaksha/contracts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { shortLabel } from '@/lib/format';
import { CHART_HEIGHT } from '@/lib/ui-constants';

interface Point {
  name: string;
  title: string;
  value: number;
}

/** One bar chart of spec §2: height 300, black bars, names cut to 10 characters plus '...'. */
function CourseBarChart({ title, data, valueLabel }: { title: string; data: Point[]; valueLabel: string }) {
  const t = useT();
  return (
    <Card className="p-5">
      <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2>
      <figure aria-label={title} className="m-0">
        <div aria-hidden="true" style={{ height: CHART_HEIGHT }}>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 16, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" interval={0} angle={-35} textAnchor="end" height={70} tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} width={32} tick={{ fontSize: 12 }} />
              <Tooltip
                cursor={{ fill: '#f1f5f9' }}
                labelFormatter={(_label, payload) => (payload?.[0]?.payload as Point | undefined)?.title ?? ''}
              />
              <Bar
                dataKey="value"
                name={valueLabel}
                fill="#000000"
                radius={[4, 4, 0, 0]}
                maxBarSize={48}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
        {/* The wrapper is what hides it: a table ignores `sr-only`'s 1px width and would widen the page. */}
        <div className="sr-only">
          <table>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('outcomes.course')}</th>
                <th scope="col">{valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((d, i) => (
                <tr key={`${d.title}-${i}`}>
                  <td>{d.title}</td>
                  <td>{d.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </Card>
  );
}

/** Loaded lazily by the dashboard: the landing page never downloads the chart library. */
export default function DashboardCharts({ courses }: { courses: Course[] }) {
  const t = useT();
  const lectures = courses.map((c) => ({ name: shortLabel(c.title), title: c.title, value: c.lectureCount }));
  const enrolments = courses.map((c) => ({
    name: shortLabel(c.title),
    title: c.title,
    value: c.enrolledCount ?? c.enrolledStudents?.length ?? 0,
  }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CourseBarChart title={t('dashboard.chartLectures')} data={lectures} valueLabel={t('titles.lectures')} />
      <CourseBarChart title={t('dashboard.chartEnrolment')} data={enrolments} valueLabel={t('dashboard.enrolled')} />
    </div>
  );
}
