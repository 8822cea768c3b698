import { Bell } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useDismiss } from '@/components/ui/useDismiss';
import { useT } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { useUnreadCount } from '../api/unread-count';
import { NotificationPanel } from './NotificationPanel';

/**
 * The navbar's bell (issue #30): the unread count, live from the server's event stream, and a
 * dropdown of the notifications. Nothing for a visitor.
 */
export function NotificationBell() {
  const t = useT();
  const { user } = useCurrentUser();
  const count = useUnreadCount(!!user);
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Following a notification (a new page or question) closes it.
  useEffect(() => {
    setOpen(false);
  }, [pathname, search]);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  useDismiss(open, close, ref);

  if (!user) return null;
  const unread = count ?? 0;
  return (
    <div ref={ref} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        className="relative flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface"
      >
        <Bell size={22} aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute right-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] font-bold leading-none text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} unread={unread} onClose={() => setOpen(false)} />}
    </div>
  );
}
