import type { AuditEntry, AuditPage } from '@kaksha/contracts';
import { Card } from '@/components/ui/Card';
import { currentLocale, intlLocale, useT } from '@/i18n';
import { usePagedList } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';

const when = (iso: string) =>
  new Date(iso).toLocaleString(intlLocale(currentLocale()), { dateStyle: 'medium', timeStyle: 'short' });
const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

function AuditRow({ entry }: { entry: AuditEntry }) {
  const t = useT();
  return (
    <li className="flex flex-col gap-1 px-4 py-3 text-sm">
      <p className="flex flex-wrap gap-x-3 font-semibold text-ink">
        <span>{entry.action}</span>
        <span className="font-normal text-muted">{entry.target}</span>
      </p>
      <p className="text-muted">
        {when(entry.at)} · {entry.actor.email ?? t('admin.audit.system')}
      </p>
      <dl className="grid gap-x-3 text-xs sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t('admin.audit.before')}</dt>
        <dd className="break-all font-mono text-ink">{show(entry.before)}</dd>
        <dt className="text-muted">{t('admin.audit.after')}</dt>
        <dd className="break-all font-mono text-ink">{show(entry.after)}</dd>
      </dl>
    </li>
  );
}

/** Every change an operator made, newest first: who, what, when, before and after. Nothing edits it. */
export function AuditPanel() {
  const t = useT();
  const audit = usePagedList<AuditPage>('audit', '/api/admin/audit');
  const rows = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <ListState list={audit} empty={rows.length === 0} />
      {rows.length > 0 && (
        <Card>
          <ul className="divide-y divide-line" aria-label={t('admin.tabs.audit')}>
            {rows.map((entry) => (
              <AuditRow key={entry._id} entry={entry} />
            ))}
          </ul>
        </Card>
      )}
      <MoreButton list={audit} />
    </div>
  );
}
