import { Award, Download } from 'lucide-react';
import { Link } from 'react-router';
import { Card, Skeleton } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { formatLongDate } from '@/lib/format';
import { certificatePath, certificatePdfUrl, useMyCertificates } from '../api/certificates';

/** The learner's certificates on /profile, each linking to its public page and its PDF. */
export function MyCertificates() {
  const t = useT();
  const { data, isPending, isError } = useMyCertificates();
  return (
    <Card className="mt-6 p-6">
      <h2 className="mb-4 flex items-center gap-2 text-xl font-bold text-ink">
        <Award size={22} aria-hidden="true" />
        {t('certificate.mine.title')}
      </h2>
      {isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : isError ? (
        <p className="text-sm text-muted">{t('certificate.mine.failed')}</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-muted">{t('certificate.mine.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {data.map((c) => (
            <li key={c._id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <Link
                  to={certificatePath(c._id)}
                  className="font-semibold text-ink underline decoration-slate-300 underline-offset-4 hover:decoration-ink"
                >
                  {c.courseTitle}
                </Link>
                <p className="text-sm text-muted">
                  {t('certificate.mine.issued', { date: formatLongDate(c.issuedAt), educator: c.educatorName })}
                </p>
              </div>
              <a
                href={certificatePdfUrl(c._id)}
                className="inline-flex min-h-11 w-fit items-center gap-2 rounded-lg px-2 text-sm font-semibold text-ink hover:bg-surface"
                aria-label={t('certificate.mine.pdfLabel', { course: c.courseTitle })}
              >
                <Download size={16} aria-hidden="true" />
                PDF
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
