import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { courses } from './courses.ts';
import { paymentOrders } from './payment-orders.ts';
import { users } from './users.ts';

/**
 * An educator's coupon (modules/coupons, issue #28) for one of their courses, or all of them
 * (`course_id` null). `value` is a percent (1-100) or whole rupees, as `type` says. A used coupon is
 * never deleted (its redemptions point at it); the educator deactivates it instead.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** Upper-case: codes are case-insensitive. */
    code: text('code').notNull(),
    type: text('type', { enum: ['percent', 'fixed'] }).notNull(),
    value: integer('value').notNull(),
    maxRedemptions: integer('max_redemptions'),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_creator_code_key').on(t.creatorId, t.code),
    index('coupons_course_idx').on(t.courseId),
    check('coupons_type_check', sql`${t.type} in ('percent', 'fixed')`),
    check('coupons_value_check', sql`${t.value} >= 1 and (${t.type} <> 'percent' or ${t.value} <= 100)`),
    check('coupons_code_check', sql`${t.code} ~ '^[A-Z0-9-]{4,20}$'`),
    check('coupons_limits_check', sql`coalesce(${t.maxRedemptions}, 1) >= 1 and ${t.perUserLimit} >= 1`),
  ],
);

/**
 * One use of a coupon. A checkout reserves it when its order is opened (`reserved`, until the
 * order's expiry), so `max_redemptions` holds even while orders are unpaid; payment makes it
 * `redeemed`; a 100 % coupon enrols at once and is `redeemed` with no order. `released` frees the
 * place: the learner opened a newer checkout for the same course, or the sale was refunded.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['reserved', 'redeemed', 'released'] }).notNull(),
    /** Paise taken off, and paise paid after it. */
    discount: integer('discount').notNull(),
    amount: integer('amount').notNull(),
    /** A reservation stops counting after this (the order's expiry); null once redeemed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.status),
    index('coupon_redemptions_user_idx').on(t.userId, t.couponId),
    uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
    check('coupon_redemptions_status_check', sql`${t.status} in ('reserved', 'redeemed', 'released')`),
    check('coupon_redemptions_amounts_check', sql`${t.discount} >= 0 and ${t.amount} >= 0`),
  ],
);
