import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={`mb-8 flex flex-col gap-2 ${align === 'center' ? 'items-center text-center' : ''}`}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-amber-700">{eyebrow}</p>}
      <h2 id={id} className="text-2xl font-bold text-ink sm:text-3xl">
        {title}
      </h2>
      {children && <p className="max-w-2xl text-muted">{children}</p>}
    </div>
  );
}
