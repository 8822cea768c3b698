import { type KeyboardEvent, useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { AdjustmentForm } from '../components/AdjustmentForm';
import { AuditPanel } from '../components/AuditPanel';
import { CouponsPanel } from '../components/CouponsPanel';
import { OrdersPanel } from '../components/OrdersPanel';
import { PayoutsPanel } from '../components/PayoutsPanel';
import { RefundsPanel } from '../components/RefundsPanel';
import { ReportsPanel } from '../components/ReportsPanel';

const TABS = [
  { id: 'orders', label: 'Orders', Panel: OrdersPanel },
  { id: 'refunds', label: 'Refunds', Panel: RefundsPanel },
  { id: 'payouts', label: 'Payouts', Panel: PayoutsPanel },
  { id: 'coupons', label: 'Coupons', Panel: CouponsPanel },
  { id: 'adjustments', label: 'Adjustments', Panel: AdjustmentForm },
  { id: 'audit', label: 'Audit log', Panel: AuditPanel },
  { id: 'reports', label: 'GST & reconcile', Panel: ReportsPanel },
] as const;

/** /admin (issue #31): the operator's console, a tab per task. The server refuses every call to anyone but an admin. */
export default function AdminPage() {
  usePageTitle('Operator console');
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
      <PageHeader title="Operator console" back="/" backLabel="Back to Home" />
      <div
        role="tablist"
        aria-label="Console sections"
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
            {tab.label}
          </button>
        ))}
      </div>
      <div id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${current.id}`}>
        <current.Panel />
      </div>
    </div>
  );
}
