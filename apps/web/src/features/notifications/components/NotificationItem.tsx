import type { Notification } from '@kaksha/contracts';
import { Link } from 'react-router';
import { useT } from '@/i18n';
import { formatTimeAgo } from '@/lib/time-ago';
import { KINDS } from './kinds';

/** A post's opening as the list shows it: its code fences (```) left out. */
const excerpt = (body: string) =>
  body
    .replace(/```[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** One notification: opens what it is about (and counts as read); an unread one can be marked read alone. */
export function NotificationItem({
  notification: n,
  onOpen,
  onMarkRead,
}: {
  notification: Notification;
  onOpen: () => void;
  onMarkRead: () => void;
}) {
  const t = useT();
  const Icon = KINDS[n.kind].icon;
  return (
    <li className={`flex items-start gap-3 px-4 py-3 ${n.read ? '' : 'bg-brand-50'}`}>
      <Icon size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-muted" />
      <Link to={n.link} onClick={onOpen} className="group min-w-0 flex-1">
        <p className="break-words text-sm font-semibold text-ink group-hover:underline">
          {!n.read && <span className="sr-only">{t('notifications.unread')}: </span>}
          {n.title}
        </p>
        {n.body && <p className="line-clamp-2 break-words text-sm text-muted">{excerpt(n.body)}</p>}
        <p className="mt-0.5 text-xs text-muted">
          <time dateTime={n.createdAt}>{formatTimeAgo(n.createdAt)}</time>
        </p>
      </Link>
      {!n.read && (
        <button
          type="button"
          onClick={onMarkRead}
          aria-label={t('notifications.markRead', { title: n.title })}
          title={t('notifications.markReadShort')}
          className="flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-brand-100"
        >
          <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-600" />
        </button>
      )}
    </li>
  );
}
