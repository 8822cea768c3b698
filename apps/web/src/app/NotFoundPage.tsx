import { ButtonLink } from '@/components/ui/Button';
import { useT } from '@/i18n';

export default function NotFoundPage() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-black text-brand-600">404</p>
      <h1 className="text-2xl font-bold">{t('notFound.heading')}</h1>
      <p className="text-muted">{t('notFound.text')}</p>
      <div className="flex gap-3">
        <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
        <ButtonLink to="/allcourses" variant="secondary">
          {t('notFound.allCourses')}
        </ButtonLink>
      </div>
    </section>
  );
}
