import { UserRound } from 'lucide-react';
import { useT } from '@/i18n';
import { initial } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';

/**
 * The photo, else the name's first letter in uppercase, else a generic icon (spec §2).
 * `alt=""` where the name is printed right next to it (the picture then adds nothing);
 * `placeholder="person"` draws a person silhouette instead of the initial (the dashboard).
 */
export function Avatar({
  name,
  photoUrl,
  size = 40,
  alt,
  placeholder = 'initial',
  className = '',
}: {
  name?: string | null;
  photoUrl?: string | null;
  size?: number;
  /** Defaults to the name; '' when the name is already next to the avatar. */
  alt?: string;
  placeholder?: 'initial' | 'person';
  className?: string;
}) {
  const t = useT();
  const style = { width: size, height: size };
  const label = alt ?? name ?? '';
  if (photoUrl) {
    return (
      <img
        src={mediaUrl(photoUrl)}
        alt={label}
        width={size}
        height={size}
        className={`shrink-0 rounded-full object-cover ${className}`}
        style={style}
      />
    );
  }
  if (placeholder === 'person') {
    return (
      <svg
        viewBox="0 0 112 112"
        width={size}
        height={size}
        role={label ? 'img' : undefined}
        aria-label={label ? t('common.noProfilePhoto') : undefined}
        aria-hidden={label ? undefined : true}
        className={`shrink-0 rounded-full ${className}`}
      >
        <rect width="112" height="112" fill="#e2e8f0" />
        <circle cx="56" cy="44" r="20" fill="#94a3b8" />
        <path d="M20 104c4-22 18-32 36-32s32 10 36 32" fill="#94a3b8" />
      </svg>
    );
  }
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-ink font-semibold text-white ${className}`}
      style={{ ...style, fontSize: size * 0.42 }}
      aria-hidden={!label}
    >
      {name ? initial(name) : <UserRound size={size * 0.55} />}
    </span>
  );
}
