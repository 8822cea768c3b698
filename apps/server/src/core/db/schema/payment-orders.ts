import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { courses } from './courses.ts';
import { users } from './users.ts';

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    /** The provider's order id (`order_…`), what the checkout and verification carry. */
    providerOrderId: text('provider_order_id').notNull(),
    provider: text('provider').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /** Paise, as the provider expects: what is charged (the price less the coupon's discount). */
    amount: integer('amount').notNull(),
    /** Issue #28: the course's price (paise) when the order was opened and the coupon's discount; the
     * invoice shows both. Null on orders from before coupons (price = amount, no discount). */
    price: integer('price'),
    discount: integer('discount').notNull().default(0),
    couponCode: text('coupon_code'),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['created', 'paid', 'failed'] })
      .notNull()
      .default('created'),
    providerPaymentId: text('provider_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** After this an unpaid order is refused: the price it quotes is no longer honoured. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_orders_provider_order_id_key').on(t.providerOrderId),
    index('payment_orders_user_course_idx').on(t.userId, t.courseId),
    index('payment_orders_course_id_idx').on(t.courseId),
    check('payment_orders_status_check', sql`${t.status} in ('created', 'paid', 'failed')`),
  ],
);
