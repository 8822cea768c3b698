import { BadgeIndianRupee, BookOpen, Headphones, Infinity as InfinityIcon, UsersRound } from 'lucide-react';
import { useT } from '@/i18n';
import { courseCountLabel, useCourseStats } from '../api/course-stats';

const BADGES = [
  { label: 'home.badges.lifetimeAccess', Icon: InfinityIcon },
  { label: 'home.badges.valueForMoney', Icon: BadgeIndianRupee },
  { label: 'home.badges.lifetimeSupport', Icon: Headphones },
  { label: 'home.badges.communitySupport', Icon: UsersRound },
] as const;

/**
 * The landing page's badges (spec §1). The first counts the courses actually published (issue
 * #27: "20k+" only once there are twenty thousand); until the count arrives it says "Online Courses".
 */
export function FeatureBadges() {
  const t = useT();
  const { data } = useCourseStats();
  const figure = data ? courseCountLabel(data.publishedCourses) : null;
  const badges = [
    { text: figure ? t('home.badges.countedCourses', { figure }) : t('home.badges.onlineCourses'), Icon: BookOpen },
    ...BADGES.map(({ label, Icon }) => ({ text: t(label), Icon })),
  ];
  return (
    <section aria-label={t('home.badges.label')} className="border-b border-line bg-white">
      <ul className="mx-auto flex max-w-7xl flex-wrap justify-center gap-2 px-4 py-5 sm:gap-3 sm:py-6">
        {badges.map(({ text, Icon }) => (
          <li
            key={text}
            className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1.5 text-xs font-medium text-ink sm:gap-2 sm:px-4 sm:py-2 sm:text-sm"
          >
            <Icon size={16} className="shrink-0 text-brand-600" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
