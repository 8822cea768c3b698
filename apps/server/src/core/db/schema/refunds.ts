import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { courses } from './courses.ts';
import { paymentOrders } from './payment-orders.ts';
import { users } from './users.ts';

/**
 * A refund of a paid order (modules/refunds): at most one per order. Created `pending` before the
 * provider is asked (its id is the provider's idempotency key), then `processed` or `failed` as the
 * provider (or its webhook) says. Amount in paise.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_order_key').on(t.orderId),
    uniqueIndex('refunds_provider_refund_id_key').on(t.providerRefundId),
    index('refunds_user_created_idx').on(t.userId, t.createdAt),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processed', 'failed')`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
  ],
);
