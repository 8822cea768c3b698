import type { DeviceSession } from '@kaksha/contracts';
import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ErrorState } from '@/components/ui/ErrorState';
import { currentLocale, intlLocale, useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';

const icons = { mobile: Smartphone, tablet: Tablet } as const;

/** '27 Nov 2026, 1:05 pm' in the interface's language and the reader's time zone. */
const formatSeen = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(currentLocale()), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/**
 * The browsers signed in to this account: which browser on which system, the network by its first
 * two numbers (all the server keeps of the address), when it was last used; any but this one can be
 * signed out, or all of them at once ("Sign out everywhere else").
 */
export function DeviceList() {
  const t = useT();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirmAll, setConfirmAll] = useState(false);

  const name = (s: DeviceSession) =>
    s.browser && s.os
      ? t('security.devices.browserOn', { browser: s.browser, os: s.os })
      : (s.browser ?? s.os ?? t('security.devices.unknown'));
  const signOut = (s: DeviceSession) =>
    revoke.mutate(s.id, {
      onSuccess: () => toast.success(t('security.devices.signedOut', { device: name(s) })),
      onError: (err) => toast.error(errorMessage(err)),
    });
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setConfirmAll(false);
        toast.success(t('security.devices.othersSignedOut', { count: revoked }));
      },
      onError: (err) => toast.error(errorMessage(err)),
    });

  if (sessions.isPending) return <Skeleton className="mt-4 h-32 w-full" />;
  if (sessions.isError)
    return (
      <div className="mt-4">
        <ErrorState onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />
      </div>
    );
  const others = sessions.data.filter((s) => !s.current).length;

  return (
    <div className="mt-4">
      <ul aria-label={t('security.devices.listLabel')} className="flex flex-col divide-y divide-line">
        {sessions.data.map((s) => {
          const Icon = icons[s.platform as keyof typeof icons] ?? Monitor;
          return (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
              <Icon size={22} aria-hidden="true" className="shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                  {name(s)}
                  {s.current && <Chip tone="green">{t('security.devices.thisDevice')}</Chip>}
                </p>
                <p className="text-sm text-muted">
                  {[
                    s.network && t('security.devices.network', { network: s.network }),
                    s.current
                      ? t('security.devices.activeNow')
                      : t('security.devices.lastSeen', { when: formatSeen(s.lastSeenAt) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('security.devices.signOutNamed', { device: name(s) })}
                  busy={revoke.isPending && revoke.variables === s.id}
                  onClick={() => signOut(s)}
                >
                  <LogOut size={16} aria-hidden="true" />
                  {t('security.devices.signOut')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 && (
        <Button variant="secondary" className="mt-3" onClick={() => setConfirmAll(true)}>
          {t('security.devices.signOutOthers')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmAll}
        title={t('security.devices.signOutOthers')}
        confirmLabel={t('security.devices.signOutOthers')}
        busy={revokeOthers.isPending}
        onConfirm={signOutOthers}
        onCancel={() => setConfirmAll(false)}
      >
        {t('security.devices.confirmOthers', { count: others })}
      </ConfirmDialog>
    </div>
  );
}
