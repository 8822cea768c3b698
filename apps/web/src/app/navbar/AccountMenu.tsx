import type { User } from '@kaksha/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useDismiss } from '@/components/ui/useDismiss';
import { useT } from '@/i18n';
import { ACCOUNT_LINKS, ADMIN_LINK, EDUCATOR_LINKS, NavAvatar } from './nav-items';

/** The avatar button and its dropdown (spec §2): My Profile, My Courses, My Wishlist, My Purchases; an educator's Coupons. */
export function AccountMenu({ user, loading }: { user: User | null; loading: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A new page closes it.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  useDismiss(open, close, ref);

  return (
    <div ref={ref} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={user ? t('nav.accountMenuFor', { name: user.name }) : t('nav.accountMenu')}
        className="flex rounded-full ring-offset-2 hover:ring-2 hover:ring-line"
      >
        <NavAvatar user={user} loading={loading} />
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 mt-2 w-52 overflow-hidden rounded-xl border border-line bg-white py-1 shadow-lg"
        >
          {user && (
            <li className="border-b border-line px-4 py-2.5">
              <p className="truncate text-sm font-semibold text-ink">{user.name}</p>
              <p className="truncate text-xs text-muted">{user.email}</p>
            </li>
          )}
          {[
            ...ACCOUNT_LINKS,
            ...(user?.role === 'educator' ? EDUCATOR_LINKS : []),
            ...(user?.role === 'admin' ? [ADMIN_LINK] : []),
          ].map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={() => setOpen(false)}
                className="flex items-center gap-3 px-4 py-2.5 text-sm text-ink hover:bg-surface focus-visible:bg-surface"
              >
                <Icon size={16} aria-hidden="true" className="text-muted" />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
