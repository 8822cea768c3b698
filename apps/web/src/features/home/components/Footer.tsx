import type { Category } from '@kaksha/contracts';
import { Link } from 'react-router';
import { useT } from '@/i18n';
import { categoryName } from '@/lib/labels';

const QUICK_LINKS = [
  { to: '/', label: 'home.footer.home' },
  { to: '/allcourses', label: 'home.footer.courses' },
  { to: '/login', label: 'nav.login' },
  { to: '/profile', label: 'nav.myProfile' },
  { to: '/privacy', label: 'titles.privacy' },
] as const;
/** Listed, not clickable (spec §1). */
const FOOTER_CATEGORIES: Category[] = ['Web Development', 'App Development', 'AI/ML', 'UI UX Designing'];

export function Footer() {
  const t = useT();
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <p className="text-xl font-black tracking-tight text-white">Kaksha</p>
          <p className="max-w-sm text-sm leading-relaxed">{t('home.footer.about')}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            {t('home.footer.quickLinks')}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white hover:underline">
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            {t('home.footer.categories')}
          </h2>
          <ul className="flex flex-col gap-2 text-sm">
            {FOOTER_CATEGORIES.map((c) => (
              <li key={c}>{categoryName(c)}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-400">
          {t('home.footer.rights', { year: String(new Date().getFullYear()) })}
        </p>
      </div>
    </footer>
  );
}
