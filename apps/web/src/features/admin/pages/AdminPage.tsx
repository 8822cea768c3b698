import { type KeyboardEvent, useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { useT } from '@/i18n';
import { AdjustmentForm } from '../components/AdjustmentForm';
import { AuditPanel } from '../components/AuditPanel';
import { CouponsPanel } from '../components/CouponsPanel';
import { OrdersPanel } from '../components/OrdersPanel';
import { PayoutsPanel } from '../components/PayoutsPanel';
import { RefundsPanel } from '../components/RefundsPanel';
import { ReportsPanel } from '../components/ReportsPanel';

const TABS = [
  { id: 'orders', label: 'admin.tabs.orders', Panel: OrdersPanel },
  { id: 'refunds', label: 'admin.tabs.refunds', Panel: RefundsPanel },
  { id: 'payouts', label: 'admin.tabs.payouts', Panel: PayoutsPanel },
  { id: 'coupons', label: 'nav.coupons', Panel: CouponsPanel },
  { id: 'adjustments', label: 'admin.tabs.adjustments', Panel: AdjustmentForm },
  { id: 'audit', label: 'admin.tabs.audit', Panel: AuditPanel },
  { id: 'reports', label: 'admin.tabs.reports', Panel: ReportsPanel },
] as const;

/** /admin (issue #31): the operator's console, a tab per task. The server refuses every call to anyone but an admin. */
export default function AdminPage() {
  const t = useT();
  usePageTitle(t('titles.admin'));
  const [active, setActive] = useState<(typeof TABS)[number]['id']>('orders');
  const current = TABS.find((tab) => tab.id === active) ?? TABS[0];
  // Arrow keys move between tabs, as a tab list does.
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = (TABS.findIndex((tab) => tab.id === active) + step + TABS.length) % TABS.length;
    setActive(TABS[index]!.id);
    document.getElementById(`admin-tab-${TABS[index]!.id}`)?.focus();
  };
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:py-8">
      <PageHeader title={t('titles.admin')} back="/" backLabel={t('catalog.backHome')} />
      <div
        role="tablist"
        aria-label={t('admin.sections')}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-line px-4"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            id={`admin-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === active}
            aria-controls="admin-panel"
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => setActive(tab.id)}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold ${tab.id === active ? 'border-ink text-ink' : 'border-transparent text-muted hover:text-ink'}`}
          >
            {t(tab.label)}
          </button>
        ))}
      </div>
      <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${current.id}`}>
        <current.Panel />
      </div>
    </div>
  );
}
