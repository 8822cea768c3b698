import { Database, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { formatLongDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { DATA_ANCHOR } from '../anchor';
import { useDownloadExport, usePrivacyStatus } from '../api/privacy';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/**
 * The profile's "Your data" section (issue #32, DPDP Act 2023): download everything Kaksha holds
 * about the user, and delete the account (a dialog asks for the password, and the 2FA code when on).
 */
export function DataSection() {
  const t = useT();
  const download = useDownloadExport();
  const { data: status } = usePrivacyStatus();
  const [deleting, setDeleting] = useState(false);
  const latest = status?.exports[0];

  const start = () =>
    download.mutate(undefined, {
      onSuccess: (outcome) =>
        outcome.kind === 'queued' ? toast.info(t('privacy.data.queued')) : toast.success(t('privacy.data.downloaded')),
      onError: (err) => toast.error(errorMessage(err)),
    });

  return (
    <section id={DATA_ANCHOR} aria-labelledby="your-data-title" className="mt-6 scroll-mt-20">
      <Card className="p-6">
        <h2 id="your-data-title" className="flex items-center gap-2 text-xl font-bold text-ink">
          <Database size={20} aria-hidden="true" />
          {t('privacy.data.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">
          {t('privacy.data.intro')}{' '}
          <Link to="/privacy" className="font-medium text-ink underline underline-offset-2">
            {t('privacy.data.policyLink')}
          </Link>
        </p>

        <div className="mt-5 flex flex-col gap-2">
          <h3 className="font-semibold text-ink">{t('privacy.data.downloadTitle')}</h3>
          <p className="text-sm text-muted">{t('privacy.data.downloadText')}</p>
          {latest?.status === 'queued' && (
            <p className="text-sm text-ink" role="status">
              {t('privacy.data.inProgress')}
            </p>
          )}
          {latest?.status === 'ready' && latest.expiresAt && (
            <p className="text-sm text-ink">
              <a href={`/api/user/export/${latest.id}`} className="font-medium underline underline-offset-2">
                {t('privacy.data.readyLink', { date: formatLongDate(latest.expiresAt) })}
              </a>
            </p>
          )}
          <div>
            <Button variant="secondary" busy={download.isPending} onClick={start}>
              <Download size={16} aria-hidden="true" />
              {t('privacy.data.download')}
            </Button>
          </div>
        </div>

        <div className="mt-6 flex flex-col gap-2 border-t border-line pt-5">
          <h3 className="font-semibold text-ink">{t('privacy.data.deleteTitle')}</h3>
          <p className="text-sm text-muted">{t('privacy.data.deleteText')}</p>
          <div>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              <Trash2 size={16} aria-hidden="true" />
              {t('privacy.data.delete')}
            </Button>
          </div>
        </div>
      </Card>
      <DeleteAccountDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        hasPassword={status?.hasPassword ?? true}
        twoFactorEnabled={status?.twoFactorEnabled ?? false}
      />
    </section>
  );
}
