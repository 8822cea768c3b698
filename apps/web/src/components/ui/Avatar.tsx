import { UserRound } from 'lucide-react';
import { initial } from '../../lib/format';

/** The photo, else the name's first letter in uppercase, else a generic icon (spec §2). */
export function Avatar({
  name,
  photoUrl,
  size = 40,
}: {
  name?: string | null;
  photoUrl?: string | null;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt={name ?? ''}
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={style}
      />
    );
  }
  return (
    <span
      className="inline-flex items-center justify-center rounded-full bg-ink font-semibold text-white"
      style={{ ...style, fontSize: size * 0.42 }}
      aria-hidden={!name}
    >
      {name ? initial(name) : <UserRound size={size * 0.55} />}
    </span>
  );
}
