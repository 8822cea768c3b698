import { Menu } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/Button';
import { useSignOut } from '@/features/auth';
import { NotificationBell } from '@/features/notifications';
import { useT } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { AccountMenu } from './AccountMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { MobileDrawer } from './MobileDrawer';
import { AuthButton, DASHBOARD_LINK, MAIN_LINKS, MENU_BUTTON_ID } from './nav-items';

/**
 * The top navigation (spec §2): logo to /, for a signed-in user All Courses, Search with AI and
 * My Courses (issue #27), the avatar toggling My Profile / My Courses / My Wishlist, a Dashboard
 * button for educators, Login or LogOut; below 1024 px all of it in a slide-in menu. The
 * notification bell (issue #30) stays in the header at every width.
 */
export function Navbar() {
  const t = useT();
  const { user, isLoading } = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const { signOut, isPending } = useSignOut();
  const drawerId = useId();
  const drawerButton = useRef<HTMLButtonElement>(null);

  // A new page closes the menu.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    drawerButton.current?.focus();
  }, []);

  const authButton = (className?: string) => (
    <AuthButton
      user={user}
      loading={isLoading}
      busy={isPending}
      onLogout={() => signOut(() => setDrawerOpen(false))}
      className={className}
    />
  );

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
        <nav aria-label={t('nav.main')} className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <div className="flex items-center gap-6">
            <Link to="/" className="flex items-center gap-2 rounded-lg" aria-label={t('nav.home')}>
              <img src="/favicon.svg" alt="" width={36} height={36} className="rounded-lg" />
              <span className="text-xl font-black tracking-tight text-ink">Kaksha</span>
            </Link>
            {user && (
              <ul className="hidden items-center gap-1 lg:flex">
                {MAIN_LINKS.map(({ to, label }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end
                      className="rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-surface hover:text-ink aria-[current=page]:bg-surface aria-[current=page]:text-ink"
                    >
                      {t(label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <div className="flex items-center gap-2 lg:gap-3">
            {/* Wide screens */}
            <div className="hidden items-center gap-3 lg:flex">
              <LanguageSwitch id="language-switch-nav" />
              {user?.role === 'educator' && (
                <ButtonLink to={DASHBOARD_LINK.to} variant="brand">
                  <DASHBOARD_LINK.icon size={16} aria-hidden="true" />
                  {t(DASHBOARD_LINK.label)}
                </ButtonLink>
              )}
            </div>
            <NotificationBell />
            <div className="hidden items-center gap-3 lg:flex">
              <AccountMenu user={user} loading={isLoading} />
              {authButton()}
            </div>

            {/* Small screens */}
            <button
              ref={drawerButton}
              id={MENU_BUTTON_ID}
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-expanded={drawerOpen}
              aria-controls={drawerId}
              aria-label={t('nav.openMenu')}
              className="rounded-lg p-2 text-ink hover:bg-surface lg:hidden"
            >
              <Menu size={26} aria-hidden="true" />
            </button>
          </div>
        </nav>
      </header>
      <MobileDrawer
        id={drawerId}
        open={drawerOpen}
        onClose={closeDrawer}
        onNavigate={() => setDrawerOpen(false)}
        user={user}
        loading={isLoading}
        footer={authButton('w-full')}
      />
    </>
  );
}
