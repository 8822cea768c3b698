import type { User } from '@kaksha/contracts';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { NavLink } from 'react-router';
import { useDismiss } from '@/components/ui/useDismiss';
import { useModalDrawer } from '@/components/ui/useModalDrawer';
import { useT } from '@/i18n';
import { LanguageSwitch } from './LanguageSwitch';
import {
  ACCOUNT_LINKS,
  ADMIN_LINK,
  DASHBOARD_LINK,
  EDUCATOR_LINKS,
  MAIN_LINKS,
  MENU_BUTTON_ID,
  NavAvatar,
} from './nav-items';

/**
 * The slide-in menu of small screens (spec §2: the same items as the header): a modal dialog
 * while open — the rest of the page inert, Escape or a click outside closes it. `footer` is
 * the Login/LogOut button.
 */
export function MobileDrawer({
  id,
  open,
  onClose,
  onNavigate,
  user,
  loading,
  footer,
}: {
  id: string;
  open: boolean;
  /** Closed by the user (Escape, ×, outside): focus goes back to the menu button. */
  onClose: () => void;
  /** Closed by following a link: the new page takes the focus. */
  onNavigate: () => void;
  user: User | null;
  loading: boolean;
  footer: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, onClose, ref);
  useModalDrawer(open, ref);

  const main = user ? MAIN_LINKS : [];
  const links = [
    ...main,
    ...ACCOUNT_LINKS.filter((l) => !main.some((m) => m.to === l.to)),
    ...(user?.role === 'educator' ? [DASHBOARD_LINK, ...EDUCATOR_LINKS] : []),
    ...(user?.role === 'admin' ? [ADMIN_LINK] : []),
  ];

  return (
    <>
      {/* Outside the header: its backdrop blur would otherwise confine these fixed layers. */}
      <div
        className={`fixed inset-0 z-40 bg-black/50 transition-opacity lg:hidden ${
          open ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
        aria-hidden="true"
      />
      <div
        ref={ref}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
        inert={!open}
        className={`fixed inset-y-0 right-0 z-50 flex h-dvh w-72 max-w-[85vw] flex-col bg-white shadow-xl transition-transform duration-200 lg:hidden ${
          open ? 'translate-x-0' : 'translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <NavAvatar user={user} loading={loading} alt="" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-ink">{user ? user.name : t('nav.welcome')}</p>
              <p className="truncate text-xs text-muted">{user ? user.email : t('nav.logInToStart')}</p>
            </div>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('nav.closeMenu')}
            className="rounded-full p-2 hover:bg-surface"
          >
            <X size={22} aria-hidden="true" />
          </button>
        </div>
        <ul className="flex flex-col gap-1 overflow-y-auto p-3">
          {links.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                onClick={onNavigate}
                className="flex items-center gap-3 rounded-lg px-3 py-3 text-base text-ink hover:bg-surface aria-[current=page]:bg-surface aria-[current=page]:font-semibold"
              >
                <Icon size={18} aria-hidden="true" className="text-muted" />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-col gap-3 border-t border-line p-4">
          <LanguageSwitch id="language-switch-menu" focusIfHidden={MENU_BUTTON_ID} />
          {footer}
        </div>
      </div>
    </>
  );
}
