import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/Button';
import { SectionHeading } from '@/components/ui/SectionHeading';
import { useT } from '@/i18n';
import { categoryName } from '@/lib/labels';
import { LANDING_CATEGORIES } from '@/lib/ui-constants';
import { catalogUrl } from './catalog-url';
import { CATEGORY_ICONS } from './category-icons';

/** One tile per landing category; a tile opens the catalogue with that category selected. */
export function CategoryTiles() {
  const t = useT();
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="categories-title" eyebrow={t('home.footer.categories')} title={t('home.categories.title')}>
        {t('home.categories.text')}
      </SectionHeading>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {LANDING_CATEGORIES.map((category) => {
          const Icon = CATEGORY_ICONS[category];
          return (
            <li key={category}>
              <Link
                to={catalogUrl([category])}
                className="flex h-full flex-col items-center gap-3 rounded-card border border-line bg-surface px-3 py-6 text-center transition-colors hover:border-brand-400 hover:bg-brand-50"
              >
                <span className="flex size-14 items-center justify-center rounded-2xl bg-white text-ink shadow-sm">
                  <Icon size={28} aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-ink">{categoryName(category)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-8 flex justify-center">
        <ButtonLink to="/allcourses" size="lg">
          {t('home.categories.explore')}
        </ButtonLink>
      </div>
    </section>
  );
}
