import { BellOff, CheckCheck } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMarkRead, useNotifications } from '../api/notifications';
import { NotificationItem } from './NotificationItem';

/** The bell's dropdown: the newest notifications first, "Mark all as read", older ones a page at a time. */
export function NotificationPanel({ id, unread, onClose }: { id: string; unread: number; onClose: () => void }) {
  const t = useT();
  const list = useNotifications();
  const markRead = useMarkRead();
  const notifications = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const onError = (err: unknown) => toast.error(errorMessage(err));
  const headingId = `${id}-title`;

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="fixed inset-x-2 top-16 z-40 flex max-h-[min(32rem,calc(100dvh-5rem))] flex-col overflow-hidden rounded-xl border border-line bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2">
        <h2 id={headingId} className="text-sm font-semibold text-ink">
          {t('notifications.title')}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0}
          busy={markRead.isPending && markRead.variables && 'all' in markRead.variables}
          icon={<CheckCheck size={16} aria-hidden="true" />}
          onClick={() => markRead.mutate({ all: true }, { onError })}
        >
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <div className="overflow-y-auto">
        {list.isPending ? (
          <div className="flex justify-center p-6 text-muted">
            <Spinner label={t('notifications.loading')} />
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-center gap-2 p-6 text-center text-sm text-muted" role="alert">
            {t('notifications.loadFailed')}
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : notifications.length === 0 ? (
          <p className="flex flex-col items-center gap-2 p-8 text-center text-sm text-muted">
            <BellOff size={28} aria-hidden="true" />
            {t('notifications.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-line">
            {notifications.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                onOpen={() => {
                  if (!n.read) markRead.mutate({ ids: [n._id] });
                  onClose();
                }}
                onMarkRead={() => markRead.mutate({ ids: [n._id] }, { onError })}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="flex justify-center border-t border-line p-2">
            <Button variant="ghost" size="sm" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('notifications.older')}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
