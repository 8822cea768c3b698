import { MESSAGES } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, Heart, LayoutDashboard, LogIn, LogOut, Menu, UserRound, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useLogout } from '../api/logout';
import { signedOut } from '../api/session';

const MENU_LINKS = [
  { to: '/profile', label: 'My Profile', icon: UserRound },
  { to: '/enrolledcourses', label: 'My Courses', icon: BookOpen },
  { to: '/wishlist', label: 'My Wishlist', icon: Heart },
] as const;

/** Closes a popup on Escape and on a click outside `ref`. */
function useDismiss(open: boolean, close: () => void, ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, ref]);
}

/**
 * While the drawer is open it is the only thing on the page: everything else is `inert` (no
 * focus, hidden from screen readers) and the page behind does not scroll.
 */
function useModalDrawer(open: boolean, ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const drawer = ref.current;
    if (!open || !drawer) return;
    const made: HTMLElement[] = [];
    for (let node: HTMLElement | null = drawer; node && node !== document.body; node = node.parentElement) {
      for (const sibling of Array.from(node.parentElement?.children ?? [])) {
        if (sibling === node || !(sibling instanceof HTMLElement) || sibling.hasAttribute('inert')) continue;
        // Toasts stay announced; the backdrop still takes the click that closes the drawer.
        if (sibling.classList.contains('Toastify') || sibling.getAttribute('aria-hidden') === 'true') continue;
        sibling.setAttribute('inert', '');
        made.push(sibling);
      }
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      for (const el of made) el.removeAttribute('inert');
      document.body.style.overflow = overflow;
    };
  }, [open, ref]);
}

/**
 * The top navigation (spec §2): logo to /, avatar toggling My Profile / My Courses, a
 * Dashboard button for educators, Login or LogOut, and a slide-in menu on small screens.
 */
export function Navbar() {
  const { user, isLoading } = useCurrentUser();
  const isEducator = user?.role === 'educator';
  const [menuOpen, setMenuOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const menuId = useId();
  const drawerId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const drawerButton = useRef<HTMLButtonElement>(null);

  // A new page closes whatever was open.
  useEffect(() => {
    setMenuOpen(false);
    setDrawerOpen(false);
  }, [pathname]);

  const closeMenu = useRef(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }).current;
  const closeDrawer = useRef(() => {
    setDrawerOpen(false);
    drawerButton.current?.focus();
  }).current;
  useDismiss(menuOpen, closeMenu, menuRef);
  useDismiss(drawerOpen, closeDrawer, drawerRef);

  useEffect(() => {
    if (drawerOpen) drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [drawerOpen]);
  useModalDrawer(drawerOpen, drawerRef);

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: async () => {
        setDrawerOpen(false);
        // Home first, committed at once (not in a transition), then forget the user: a guarded
        // page still on screen would otherwise see the user gone and redirect to /signup.
        await navigate('/', { flushSync: true });
        signedOut(queryClient);
        toast.success(MESSAGES.logoutSuccess);
      },
      // Silent failure (spec §8): only logged.
      onError: (error) => console.warn('logout failed', error),
    });
  };

  /** `alt=""` where the name is printed next to it (the drawer). */
  const avatar = (alt?: string) =>
    isLoading ? (
      <span className="block size-10 rounded-full bg-slate-200" aria-hidden="true" />
    ) : (
      <Avatar name={user?.name} photoUrl={user?.photoUrl} size={40} alt={alt} />
    );
  const loginOrOut = (extra = '') =>
    isLoading ? (
      // Same size as the Login/LogOut button, so nothing flashes or jumps while the user loads.
      <span className={`block h-11 w-28 rounded-lg bg-slate-100 ${extra}`} aria-hidden="true" />
    ) : user ? (
      <Button
        variant="secondary"
        onClick={onLogout}
        busy={logout.isPending}
        icon={<LogOut size={16} aria-hidden="true" />}
        className={extra}
      >
        LogOut
      </Button>
    ) : (
      <ButtonLink to="/login" className={extra}>
        <LogIn size={16} aria-hidden="true" />
        Login
      </ButtonLink>
    );

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 rounded-lg" aria-label="Kaksha home">
            <img src="/favicon.svg" alt="" width={36} height={36} className="rounded-lg" />
            <span className="text-xl font-black tracking-tight text-ink">Kaksha</span>
          </Link>

          {/* Wide screens */}
          <div className="hidden items-center gap-3 md:flex">
            {isEducator && (
              <ButtonLink to="/dashboard" variant="brand">
                <LayoutDashboard size={16} aria-hidden="true" />
                Dashboard
              </ButtonLink>
            )}
            <div ref={menuRef} className="relative">
              <button
                ref={menuButton}
                type="button"
                onClick={() => setMenuOpen((o) => !o)}
                aria-expanded={menuOpen}
                aria-controls={menuId}
                aria-label={user ? `Account menu for ${user.name}` : 'Account menu'}
                className="flex rounded-full ring-offset-2 hover:ring-2 hover:ring-line"
              >
                {avatar()}
              </button>
              {menuOpen && (
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
                  {MENU_LINKS.map(({ to, label, icon: Icon }) => (
                    <li key={to}>
                      <Link
                        to={to}
                        onClick={() => setMenuOpen(false)}
                        className="flex items-center gap-3 px-4 py-2.5 text-sm text-ink hover:bg-surface focus-visible:bg-surface"
                      >
                        <Icon size={16} aria-hidden="true" className="text-muted" />
                        {label}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {loginOrOut()}
          </div>

          {/* Small screens */}
          <button
            ref={drawerButton}
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            aria-label="Open menu"
            className="rounded-lg p-2 text-ink hover:bg-surface md:hidden"
          >
            <Menu size={26} aria-hidden="true" />
          </button>
        </nav>
      </header>

      {/* Outside the header: its backdrop blur would otherwise confine these fixed layers. */}
      <div
        className={`fixed inset-0 z-40 bg-black/50 transition-opacity md:hidden ${
          drawerOpen ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
        aria-hidden="true"
      />
      <div
        ref={drawerRef}
        id={drawerId}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        inert={!drawerOpen}
        className={`fixed inset-y-0 right-0 z-50 flex h-dvh w-72 max-w-[85vw] flex-col bg-white shadow-xl transition-transform duration-200 md:hidden ${
          drawerOpen ? 'translate-x-0' : 'translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            {avatar('')}
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-ink">{user ? user.name : 'Welcome'}</p>
              <p className="truncate text-xs text-muted">{user ? user.email : 'Log in to start learning'}</p>
            </div>
          </div>
          <button
            type="button"
            onClick={closeDrawer}
            aria-label="Close menu"
            className="rounded-full p-2 hover:bg-surface"
          >
            <X size={22} aria-hidden="true" />
          </button>
        </div>
        <ul className="flex flex-col gap-1 p-3">
          {MENU_LINKS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={() => setDrawerOpen(false)}
                className="flex items-center gap-3 rounded-lg px-3 py-3 text-base text-ink hover:bg-surface"
              >
                <Icon size={18} aria-hidden="true" className="text-muted" />
                {label}
              </Link>
            </li>
          ))}
          {isEducator && (
            <li>
              <Link
                to="/dashboard"
                onClick={() => setDrawerOpen(false)}
                className="flex items-center gap-3 rounded-lg px-3 py-3 text-base text-ink hover:bg-surface"
              >
                <LayoutDashboard size={18} aria-hidden="true" className="text-muted" />
                Dashboard
              </Link>
            </li>
          )}
        </ul>
        <div className="mt-auto border-t border-line p-4">{loginOrOut('w-full')}</div>
      </div>
    </>
  );
}
