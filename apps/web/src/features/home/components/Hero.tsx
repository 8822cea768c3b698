import { Sparkles } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { useT } from '@/i18n';

export function Hero() {
  const t = useT();
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-ink text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(251,191,36,0.28),transparent_45%),radial-gradient(circle_at_85%_70%,rgba(56,189,248,0.22),transparent_45%)]"
      />
      <div className="relative mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
        <p className="rounded-full border border-white/20 bg-white/5 px-4 py-1 text-xs text-slate-200 sm:text-sm">
          {t('home.hero.badge')}
        </p>
        <h1 id="hero-title" className="max-w-4xl text-4xl font-extrabold leading-tight sm:text-5xl lg:text-6xl">
          {t('home.hero.title')}
        </h1>
        <p className="max-w-2xl text-base text-slate-300 sm:text-lg">{t('home.hero.text')}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/allcourses" variant="brand" size="lg">
            {t('home.hero.allCourses')}
          </ButtonLink>
          <ButtonLink
            to="/searchwithai"
            size="lg"
            className="border border-white/40 bg-white/10 text-white hover:bg-white/20"
          >
            <Sparkles size={18} aria-hidden="true" />
            {t('nav.searchWithAi')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
