import { Link } from 'react-router';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { type MessageKey, useT } from '@/i18n';
import { DATA_ANCHOR } from '../anchor';

/** What Kaksha stores, each with why and for how long: the rows of the page's first section. */
const STORED: { what: MessageKey; why: MessageKey; kept: MessageKey }[] = [
  { what: 'privacy.page.account', why: 'privacy.page.accountWhy', kept: 'privacy.page.untilDeleted' },
  { what: 'privacy.page.learning', why: 'privacy.page.learningWhy', kept: 'privacy.page.untilDeleted' },
  { what: 'privacy.page.contributions', why: 'privacy.page.contributionsWhy', kept: 'privacy.page.contributionsKept' },
  { what: 'privacy.page.purchases', why: 'privacy.page.purchasesWhy', kept: 'privacy.page.taxKept' },
  { what: 'privacy.page.teaching', why: 'privacy.page.teachingWhy', kept: 'privacy.page.teachingKept' },
  { what: 'privacy.page.security', why: 'privacy.page.securityWhy', kept: 'privacy.page.securityKept' },
  { what: 'privacy.page.analytics', why: 'privacy.page.analyticsWhy', kept: 'privacy.page.analyticsKept' },
  { what: 'privacy.page.backups', why: 'privacy.page.backupsWhy', kept: 'privacy.page.backupsKept' },
];

/**
 * /privacy (issue #32, DPDP Act 2023): what is stored, why, for how long, and how to download it
 * or delete the account. Public: visitors read it before they sign up. The server renders it for
 * everyone (page-data.ts `public`), so it is in the entry bundle like the catalogue's pages; the same
 * text on the server and in the browser (nothing from the clock or the window).
 */
export default function PrivacyPage() {
  const t = useT();
  usePageTitle(t('titles.privacy'));
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <PageHeader title={t('titles.privacy')} back="/" backLabel={t('profile.backHome')} />
      <p className="text-ink">{t('privacy.page.intro')}</p>

      <h2 className="mt-8 text-xl font-bold text-ink">{t('privacy.page.storedTitle')}</h2>
      <div className="mt-4 flex flex-col gap-3">
        {STORED.map((row) => (
          <Card key={row.what} className="p-5">
            <h3 className="font-semibold text-ink">{t(row.what)}</h3>
            <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-medium text-muted">{t('privacy.page.why')}</dt>
              <dd className="text-ink">{t(row.why)}</dd>
              <dt className="font-medium text-muted">{t('privacy.page.howLong')}</dt>
              <dd className="text-ink">{t(row.kept)}</dd>
            </dl>
          </Card>
        ))}
      </div>
      <p className="mt-4 text-sm text-muted">{t('privacy.page.noSale')}</p>

      <h2 className="mt-8 text-xl font-bold text-ink">{t('privacy.page.rightsTitle')}</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-ink">
        <li>{t('privacy.page.rightExport')}</li>
        <li>{t('privacy.page.rightCorrect')}</li>
        <li>{t('privacy.page.rightDelete')}</li>
        <li>{t('privacy.page.rightEducators')}</li>
      </ul>
      <p className="mt-4">
        <Link to={`/profile#${DATA_ANCHOR}`} className="font-medium text-ink underline underline-offset-2">
          {t('privacy.page.goToData')}
        </Link>
      </p>

      <h2 className="mt-8 text-xl font-bold text-ink">{t('privacy.page.contactTitle')}</h2>
      <p className="mt-3 text-ink">{t('privacy.page.contact')}</p>
    </section>
  );
}
