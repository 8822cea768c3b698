import type { AdminOrder, AdminOrderPage } from '@kaksha/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { TextInput } from '@/components/ui/Field';
import { formatDate, formatPaise } from '@/lib/format';
import { usePagedList } from '../api/admin';
import { ListState, MoreButton } from './MoreButton';

function OrderRow({ order }: { order: AdminOrder }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{order.course.title}</p>
        <p className="truncate text-muted">
          {order.learner?.email ?? 'deleted account'} · {order.providerOrderId} · {formatDate(order.createdAt)}
        </p>
        <p className="text-xs text-muted">
          {[order.invoice?.number, order.creditNote?.number, order.couponCode && `coupon ${order.couponCode}`]
            .filter(Boolean)
            .join(' · ') || 'No documents'}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="font-semibold text-ink">{formatPaise(order.amount)}</span>
        <Chip tone={order.status === 'paid' ? 'green' : order.status === 'failed' ? 'red' : 'neutral'}>
          {order.status}
        </Chip>
        {order.refund && (
          <Chip tone={order.refund.status === 'failed' ? 'red' : 'brand'}>refund {order.refund.status}</Chip>
        )}
      </div>
    </li>
  );
}

/** Orders, newest first; search by a learner's e-mail, an order or payment id, an invoice number. */
export function OrdersPanel() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const orders = usePagedList<AdminOrderPage>('orders', '/api/admin/orders', { q });
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
  };
  return (
    <div className="flex flex-col gap-4">
      <search>
        <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <TextInput
              label="Search orders"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              hint="A learner's e-mail, an order or payment id, or an invoice number"
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      <ListState list={orders} empty={rows.length === 0} />
      {rows.length > 0 && (
        <Card>
          <ul className="divide-y divide-line" aria-label="Orders">
            {rows.map((order) => (
              <OrderRow key={order._id} order={order} />
            ))}
          </ul>
        </Card>
      )}
      <MoreButton list={orders} />
    </div>
  );
}
