import type { User } from '@kaksha/contracts';
import {
  BookOpen,
  Heart,
  LayoutDashboard,
  LibraryBig,
  LogIn,
  LogOut,
  MessageCircleQuestion,
  ReceiptIndianRupee,
  ShieldCheck,
  Sparkles,
  TicketPercent,
  UserRound,
  WalletCards,
} from 'lucide-react';
import { Avatar } from '@/components/ui/Avatar';
import { Button, ButtonLink } from '@/components/ui/Button';
import { useT } from '@/i18n';

/** The id of the header's button that opens the phone menu (one header per page). */
export const MENU_BUTTON_ID = 'nav-menu-button';

/** Each link's `label` is its key in the catalogues (src/i18n). */
/** The avatar's dropdown (spec §2: My Profile, My Courses), the wishlist and purchases (issue #28). */
export const ACCOUNT_LINKS = [
  { to: '/profile', label: 'nav.myProfile', icon: UserRound },
  { to: '/enrolledcourses', label: 'nav.myCourses', icon: BookOpen },
  { to: '/wishlist', label: 'nav.myWishlist', icon: Heart },
  { to: '/purchases', label: 'nav.myPurchases', icon: ReceiptIndianRupee },
] as const;

/** Where a signed-in user goes most (issue #27): in the header itself, not only behind the avatar. */
export const MAIN_LINKS = [
  { to: '/allcourses', label: 'nav.allCourses', icon: LibraryBig },
  { to: '/searchwithai', label: 'nav.searchWithAi', icon: Sparkles },
  { to: '/enrolledcourses', label: 'nav.myCourses', icon: BookOpen },
] as const;

export const DASHBOARD_LINK = { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard } as const;

/** An educator's pages beside the dashboard, in the avatar's dropdown and the phone menu (issues #28, #30, #31). */
export const EDUCATOR_LINKS = [
  { to: '/educator/questions', label: 'nav.questions', icon: MessageCircleQuestion },
  { to: '/educator/coupons', label: 'nav.coupons', icon: TicketPercent },
  { to: '/educator/earnings', label: 'nav.earnings', icon: WalletCards },
] as const;

/** The operator's console (issue #31), for admins only, in the avatar's dropdown and the phone menu. */
export const ADMIN_LINK = { to: '/admin', label: 'nav.admin', icon: ShieldCheck } as const;

/** The user's avatar, or a grey disc while the user loads. `alt=""` where the name is printed beside it. */
export function NavAvatar({ user, loading, alt }: { user: User | null; loading: boolean; alt?: string }) {
  return loading ? (
    <span className="block size-10 rounded-full bg-slate-200" aria-hidden="true" />
  ) : (
    <Avatar name={user?.name} photoUrl={user?.photoUrl} size={40} alt={alt} />
  );
}

/** Login when signed out, LogOut when signed in (spec §2); a placeholder of the same size while unknown. */
export function AuthButton({
  user,
  loading,
  busy,
  onLogout,
  className = '',
}: {
  user: User | null;
  loading: boolean;
  busy: boolean;
  onLogout: () => void;
  className?: string;
}) {
  const t = useT();
  // Same size as the button, so nothing flashes or jumps while the user loads.
  if (loading) return <span className={`block h-11 w-28 rounded-lg bg-slate-100 ${className}`} aria-hidden="true" />;
  if (!user) {
    return (
      <ButtonLink to="/login" className={className}>
        <LogIn size={16} aria-hidden="true" />
        {t('nav.login')}
      </ButtonLink>
    );
  }
  return (
    <Button
      variant="secondary"
      onClick={onLogout}
      busy={busy}
      icon={<LogOut size={16} aria-hidden="true" />}
      className={className}
    >
      {t('nav.logout')}
    </Button>
  );
}
