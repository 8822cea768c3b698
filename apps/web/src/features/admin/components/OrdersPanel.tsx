import type { AdminOrder, AdminOrderPage } from '@kaksha/contracts';
import { Chip } from '@/components/ui/Chip';
import { type MessageKey, useT } from '@/i18n';
import { formatDate, formatPaise } from '@/lib/format';
import { SearchableList } from './SearchableList';

const ORDER_STATUS: Record<AdminOrder['status'], MessageKey> = {
  created: 'admin.orders.created',
  paid: 'purchases.paid',
  failed: 'earnings.payout.failed',
};
const REFUND_STATUS: Record<NonNullable<AdminOrder['refund']>['status'], MessageKey> = {
  pending: 'purchases.refundPending',
  processed: 'purchases.refundedChip',
  failed: 'purchases.refundFailed',
};

function OrderRow({ order }: { order: AdminOrder }) {
  const t = useT();
  return (
    <li className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{order.course.title}</p>
        <p className="truncate text-muted">
          {order.learner?.email ?? t('admin.deletedAccount')} · {order.providerOrderId} · {formatDate(order.createdAt)}
        </p>
        <p className="text-xs text-muted">
          {[
            order.invoice?.number,
            order.creditNote?.number,
            order.couponCode && t('earnings.coupon', { code: order.couponCode }),
          ]
            .filter(Boolean)
            .join(' · ') || t('admin.orders.noDocuments')}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="font-semibold text-ink">{formatPaise(order.amount)}</span>
        <Chip tone={order.status === 'paid' ? 'green' : order.status === 'failed' ? 'red' : 'neutral'}>
          {t(ORDER_STATUS[order.status])}
        </Chip>
        {order.refund && (
          <Chip tone={order.refund.status === 'failed' ? 'red' : 'brand'}>{t(REFUND_STATUS[order.refund.status])}</Chip>
        )}
      </div>
    </li>
  );
}

/** Orders, newest first; search by a learner's e-mail, an order or payment id, an invoice number. */
export function OrdersPanel() {
  const t = useT();
  return (
    <SearchableList<AdminOrderPage, AdminOrder>
      list="orders"
      path="/api/admin/orders"
      rowsOf={(page) => page.orders}
      renderRow={(order) => <OrderRow key={order._id} order={order} />}
      searchLabel={t('admin.orders.search')}
      searchHint={t('admin.orders.searchHint')}
      listLabel={t('admin.tabs.orders')}
    />
  );
}
