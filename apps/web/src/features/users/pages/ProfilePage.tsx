import { BookOpen, Mail, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/Avatar';
import { ButtonLink } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { PageHeader } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { formatNumber } from '@/lib/format';
import { roleName } from '@/lib/labels';

/**
 * /profile (spec §2): avatar, name, role, email, bio and the number of enrolled courses;
 * `children` (what other features add, such as certificates) goes under the card.
 */
export default function ProfilePage({ children }: { children?: ReactNode }) {
  const t = useT();
  const { user } = useCurrentUser();
  if (!user) return null;
  const count = user.enrolledCourses.length;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <PageHeader title={t('titles.profile')} back="/" backLabel={t('profile.backHome')} />
      <Card className="overflow-hidden">
        <div className="h-24 bg-gradient-to-r from-ink to-slate-700 sm:h-28" aria-hidden="true" />
        <div className="px-6 pb-8">
          <div className="-mt-12 flex flex-col items-center gap-3 text-center sm:flex-row sm:items-start sm:gap-5 sm:text-left">
            <span className="rounded-full border-4 border-white bg-white shadow">
              <Avatar name={user.name} photoUrl={user.photoUrl} size={96} />
            </span>
            <div className="min-w-0 flex-1 sm:pt-14">
              <h2 className="truncate text-2xl font-bold text-ink">{user.name}</h2>
              <div className="mt-1">
                <Chip tone={user.role === 'educator' ? 'brand' : 'neutral'}>{roleName(user.role)}</Chip>
              </div>
            </div>
            <ButtonLink to="/editprofile" variant="secondary" className="sm:mt-14">
              <Pencil size={16} aria-hidden="true" />
              {t('titles.editProfile')}
            </ButtonLink>
          </div>

          <dl className="mt-8 grid gap-5 sm:grid-cols-2">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('auth.email')}</dt>
              <dd className="mt-1 flex items-center gap-2 break-all text-ink">
                <Mail size={16} aria-hidden="true" className="shrink-0 text-muted" />
                {user.email}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
                {t('profile.enrolledCourses')}
              </dt>
              <dd className="mt-1 flex items-center gap-2 text-ink">
                <BookOpen size={16} aria-hidden="true" className="shrink-0 text-muted" />
                {t('course.creator.courses', { count, shown: formatNumber(count) })}
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{t('profile.bio')}</dt>
              <dd className="mt-1 whitespace-pre-line text-ink">
                {user.description || <span className="text-muted">{t('profile.noBio')}</span>}
              </dd>
            </div>
          </dl>
        </div>
      </Card>
      {children}
    </section>
  );
}
