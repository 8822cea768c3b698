import { Award } from 'lucide-react';
import { Button, ButtonLink } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { certificatePath, useClaimCertificate, useMyCertificates } from '../api/certificates';

/**
 * The course certificate in the lecture viewer: a link once issued, "Get certificate" once
 * every lecture is completed and every quiz passed (`complete`), else what earns it. The server
 * decides: a 409 says what is still missing.
 */
export function CertificateCallToAction({ courseId, complete }: { courseId: string; complete: boolean }) {
  const t = useT();
  const mine = useMyCertificates();
  const claim = useClaimCertificate(courseId);
  const issued = mine.data?.find((c) => c.courseId === courseId);

  return (
    <section
      aria-labelledby="certificate-cta-title"
      className={`flex flex-col gap-3 rounded-card border p-5 shadow-sm ${
        issued || complete ? 'border-brand-400 bg-brand-50' : 'border-line bg-white'
      }`}
    >
      <h2 id="certificate-cta-title" className="flex items-center gap-2 text-lg font-bold text-ink">
        <Award size={22} aria-hidden="true" />
        {t('certificate.cta.title')}
      </h2>
      {issued ? (
        <>
          <p className="text-sm text-ink">{t('certificate.cta.ready')}</p>
          <ButtonLink to={certificatePath(issued._id)} variant="primary" size="sm" className="w-fit">
            {t('certificate.cta.view')}
          </ButtonLink>
        </>
      ) : complete ? (
        <>
          <p className="text-sm text-ink">{t('certificate.cta.complete')}</p>
          <Button
            variant="primary"
            size="sm"
            className="w-fit"
            busy={claim.isPending || mine.isPending}
            onClick={() =>
              claim.mutate(undefined, {
                onSuccess: () => toast.success(t('certificate.cta.issued')),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('certificate.cta.get')}
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted">{t('certificate.cta.how')}</p>
      )}
    </section>
  );
}
