import { Award, BadgeCheck, Ban, Download, Share2 } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink, buttonClass } from '@/components/ui/Button';
import { Card, EmptyState, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { Message, useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { formatLongDate } from '@/lib/format';
import { certificatePdfUrl, useCertificate } from '../api/certificates';

/**
 * /certificate/{id}: the public page of a certificate (no sign-in), the address its QR code and
 * LinkedIn posts point to. Shows who completed what, taught by whom and when, the PDF and a note
 * on how it is verified.
 */
export default function CertificatePage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data: certificate, isPending, error, refetch, isFetching } = useCertificate(id);
  usePageTitle(
    certificate && !certificate.revokedAt
      ? `${certificate.learnerName} · ${certificate.courseTitle}`
      : t('titles.certificate'),
  );

  if (isPending) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-8" aria-busy="true">
        <span className="sr-only" role="status">
          {t('certificate.loading')}
        </span>
        <Skeleton className="h-96 w-full" />
      </section>
    );
  }
  if (!certificate) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-8">
        {error instanceof ApiError && error.status === 404 ? (
          <EmptyState title={t('certificate.notFound')}>{t('certificate.notFoundText')}</EmptyState>
        ) : (
          <ErrorState title={t('certificate.loadFailed')} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </section>
    );
  }

  // Revoked when its learner deleted their account (issue #32): no name, no PDF, no sharing.
  if (certificate.revokedAt) {
    return (
      <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
        <Card className="flex flex-col items-center gap-4 px-5 py-10 text-center sm:px-12 sm:py-14">
          <Ban size={48} className="text-red-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t('certificate.revokedTitle')}</h1>
          <p className="max-w-xl text-ink">
            {t('certificate.revokedText', {
              course: certificate.courseTitle,
              date: formatLongDate(certificate.revokedAt),
            })}
          </p>
          <p className="break-all text-xs text-muted">{t('certificate.id', { id: certificate._id })}</p>
        </Card>
      </section>
    );
  }

  const share = `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(certificate.verifyUrl)}`;
  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <Card className="relative overflow-hidden p-2 sm:p-3">
        <div className="flex flex-col items-center gap-4 rounded-lg border-2 border-brand-400 px-5 py-10 text-center sm:px-12 sm:py-14">
          <Award size={48} className="text-brand-500" aria-hidden="true" />
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">{t('certificate.ofCompletion')}</p>
          <p className="text-sm text-muted">{t('certificate.certifies')}</p>
          <h1 className="break-words text-3xl font-bold text-ink sm:text-4xl">{certificate.learnerName}</h1>
          <p className="text-sm text-muted">{t('certificate.completed')}</p>
          <p className="break-words text-xl font-semibold text-ink sm:text-2xl">{certificate.courseTitle}</p>
          <dl className="mt-4 grid w-full max-w-lg gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-muted">{t('certificate.educator')}</dt>
              <dd className="font-semibold text-ink">{certificate.educatorName}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('certificate.issuedOn')}</dt>
              <dd className="font-semibold text-ink">{formatLongDate(certificate.issuedAt)}</dd>
            </div>
          </dl>
          <p className="mt-2 break-all text-xs text-muted">{t('certificate.id', { id: certificate._id })}</p>
        </div>
      </Card>

      <div className="flex flex-wrap gap-3">
        <a href={certificatePdfUrl(certificate._id)} className={buttonClass('primary', 'md')}>
          <Download size={18} aria-hidden="true" />
          {t('certificate.downloadPdf')}
        </a>
        <a href={share} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'md')}>
          <Share2 size={18} aria-hidden="true" />
          {t('certificate.shareLinkedIn')}
        </a>
        {certificate.courseId && (
          <ButtonLink to={`/viewcourse/${certificate.courseId}`} variant="ghost">
            {t('certificate.viewCourse')}
          </ButtonLink>
        )}
      </div>

      <p className="flex items-start gap-2 rounded-lg bg-surface px-4 py-3 text-sm text-ink" role="note">
        <BadgeCheck size={18} className="mt-0.5 shrink-0 text-green-700" aria-hidden="true" />
        <span>
          <Message
            id="certificate.verified"
            values={{
              name: certificate.learnerName,
              date: formatLongDate(certificate.issuedAt),
              url: <span className="break-all font-medium">{certificate.verifyUrl}</span>,
            }}
          />
        </span>
      </p>
    </section>
  );
}
