import type { ReactNode } from 'react';
import { Message, useT } from '@/i18n';

/** The frame of the login, sign-up and forgot-password screens: brand panel and form card. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const t = useT();
  return (
    <section className="flex min-h-[calc(100dvh-4rem)] items-start justify-center bg-surface px-4 py-8 sm:py-14">
      <div className="grid w-full max-w-4xl overflow-hidden rounded-card border border-line bg-white shadow-sm md:grid-cols-[1fr_1.1fr]">
        <div className="hidden flex-col justify-between bg-ink p-10 text-white md:flex">
          <div className="flex items-center gap-3">
            <img src="/favicon.svg" alt="" width={44} height={44} className="rounded-xl" />
            <span className="text-2xl font-black tracking-tight">Kaksha</span>
          </div>
          <div>
            <p className="text-3xl font-bold leading-tight">
              <Message
                id="auth.card.title"
                values={{ em: (chunks) => <span className="text-brand-400">{chunks}</span> }}
              />
            </p>
            <p className="mt-4 text-sm text-slate-300">{t('auth.card.text')}</p>
          </div>
          <p className="text-xs text-slate-400">{t('auth.card.note')}</p>
        </div>
        <div className="p-6 sm:p-10">
          <div className="mb-6 flex items-center gap-2 md:hidden">
            <img src="/favicon.svg" alt="" width={32} height={32} className="rounded-lg" />
            <span className="text-xl font-black tracking-tight">Kaksha</span>
          </div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 text-muted">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </section>
  );
}

export function OrDivider() {
  const t = useT();
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-muted" aria-hidden="true">
      <span className="h-px flex-1 bg-line" />
      {t('auth.or')}
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}
