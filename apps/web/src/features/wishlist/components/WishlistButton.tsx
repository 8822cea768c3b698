import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '@/i18n';
import { errorMessage, serverMessage } from '@/lib/api';
import { useCurrentUser } from '@/lib/current-user';
import { toast } from '@/lib/toast';
import { useToggleWishlist, useWishlist } from '../api/wishlist';

const LOOKS = {
  // Over a card's thumbnail: a round white button, above the card's stretched link.
  card: 'relative z-10 size-10 rounded-full bg-white/95 shadow-sm ring-1 ring-black/5 hover:bg-white',
  // Beside the course page's enrol button.
  page: 'size-11 rounded-lg border border-line bg-white hover:bg-surface',
} as const;

/**
 * The heart that saves a course to the signed-in user's wishlist or takes it out (a toggle
 * button: `aria-pressed`), with a toast either way. It shows the wish at once while the server is
 * asked, and the list's answer after. A visitor gets nothing, or — given `visitorTo`, where a
 * public catalogue lets visitors in — a heart that links there (sign-up, back to this page after).
 */
export function WishlistButton({
  courseId,
  look = 'card',
  visitorTo,
}: {
  courseId: string;
  look?: keyof typeof LOOKS;
  visitorTo?: string;
}) {
  const t = useT();
  const { user } = useCurrentUser();
  const wishlist = useWishlist(!!user);
  const toggle = useToggleWishlist();
  if (!user) {
    if (!visitorTo) return null;
    return (
      <Link
        to={visitorTo}
        aria-label={t('wishlist.visitorAdd')}
        className={`inline-flex shrink-0 items-center justify-center transition-colors ${LOOKS[look]}`}
      >
        <Heart size={20} aria-hidden="true" className="text-ink" strokeWidth={2} />
      </Link>
    );
  }

  const saved = wishlist.data?.courses.some((c) => c._id === courseId) ?? false;
  const pressed = toggle.isPending ? toggle.variables.add : saved;
  const onClick = () => {
    // One change at a time (the button keeps its focus, so it is not disabled meanwhile).
    if (toggle.isPending) return;
    toggle.mutate(
      { courseId, add: !pressed },
      {
        onSuccess: (answer) => toast.success(serverMessage(answer.message)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={pressed ? t('wishlist.remove') : t('wishlist.add')}
      // Until the list is known the heart cannot say which way a click goes.
      disabled={wishlist.isPending}
      onClick={onClick}
      className={`inline-flex shrink-0 items-center justify-center transition-colors disabled:cursor-wait ${LOOKS[look]}`}
    >
      <Heart
        size={20}
        aria-hidden="true"
        className={pressed ? 'fill-red-600 text-red-600' : 'text-ink'}
        strokeWidth={2}
      />
    </button>
  );
}
