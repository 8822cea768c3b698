import { NOTIFICATION_KINDS, type NotificationKind, type NotificationMode } from '@kaksha/contracts';
import { Mail } from 'lucide-react';
import { Card, Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { Select } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { useCurrentUser } from '@/lib/current-user';
import { toast } from '@/lib/toast';
import { usePreferences, useUpdatePreferences } from '../api/notifications';
import { KINDS } from './kinds';

/** Where an e-mail's "notification settings" lead: the profile page's section. */
export const PREFERENCES_ANCHOR = 'notifications';

/**
 * What the user is e-mailed, per kind: each at once, in one daily digest, or not at all
 * (everything still shows under the bell). New questions on a course concern educators only.
 */
export function NotificationPreferences() {
  const t = useT();
  const { user } = useCurrentUser();
  const { data, isPending, isError, refetch, isFetching } = usePreferences();
  const update = useUpdatePreferences();
  const kinds = NOTIFICATION_KINDS.filter((k) => k !== 'question' || user?.role === 'educator');
  const modes: { value: NotificationMode; label: string }[] = [
    { value: 'instant', label: t('notifications.mode.instant') },
    { value: 'daily', label: t('notifications.mode.daily') },
    { value: 'off', label: t('notifications.mode.off') },
  ];
  const change = (kind: NotificationKind, mode: NotificationMode) =>
    update.mutate(
      { [kind]: mode },
      {
        onSuccess: () => toast.success(t('notifications.saved')),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  return (
    <section id={PREFERENCES_ANCHOR} aria-labelledby="notification-settings-title" className="mt-6 scroll-mt-20">
      <Card className="p-6">
        <h2 id="notification-settings-title" className="flex items-center gap-2 text-xl font-bold text-ink">
          <Mail size={20} aria-hidden="true" />
          {t('notifications.settingsTitle')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('notifications.settingsIntro')}</p>
        {isPending ? (
          <Skeleton className="mt-5 h-40 w-full" />
        ) : isError ? (
          <div className="mt-5">
            <ErrorState onRetry={() => void refetch()} retrying={isFetching} />
          </div>
        ) : (
          <ul className="mt-5 flex flex-col divide-y divide-line">
            {kinds.map((kind) => (
              <li key={kind} className="flex flex-col gap-1 py-3 sm:max-w-md">
                <Select
                  label={t(KINDS[kind].name)}
                  value={data[kind]}
                  disabled={update.isPending}
                  onChange={(e) => change(kind, e.target.value as NotificationMode)}
                  options={modes}
                />
                <p className="text-xs text-muted">{t(KINDS[kind].hint)}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
