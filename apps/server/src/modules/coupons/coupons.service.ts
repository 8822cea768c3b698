import {
  type AppliedCoupon,
  COUPON_MESSAGES,
  type Coupon,
  type CouponProblem,
  type CouponType,
  type couponCreateRequestSchema,
  type couponEditRequestSchema,
} from '@kaksha/contracts';
import { and, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../core/db/client.ts';
import { couponRedemptions, coupons, courses } from '../../core/db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';

/**
 * Coupons (issue #28). An educator's codes for one course or all their courses; the payments module
 * asks `priceWithCoupon` for a quote, `reserveCoupon` when it opens an order (or enrols at once with a
 * 100 % coupon), and `redeemOrder` / `releaseOrder` when the order is paid / refunded.
 *
 * A place is taken when the order is opened, not when it is paid, so `maxRedemptions` holds however
 * many learners check out at once: the reservation counts until the order expires, and an order whose
 * coupon was valid when it was opened is honoured when it is paid (its amount is fixed then).
 */

type CouponRow = typeof coupons.$inferSelect;
const couponError = (problem: CouponProblem) =>
  new AppError(400, `coupon_${problem}`, COUPON_MESSAGES[problem], { couponCode: COUPON_MESSAGES[problem] });

// ── The educator's side ──────────────────────────────────────────────────────────────────────────

export async function createCoupon(
  db: DbOrTx,
  creatorId: string,
  input: z.output<typeof couponCreateRequestSchema>,
): Promise<Coupon> {
  if (input.courseId !== null) {
    const course = await ownCourse(db, creatorId, input.courseId);
    if (input.type === 'fixed' && course.price !== null && input.value >= course.price) {
      throw badRequest(
        {
          id: 'coupon_discount_too_high',
          message: `A fixed discount must be below the course price (₹${course.price})`,
          params: { price: course.price },
        },
        { value: 'Must be below the course price' },
      );
    }
  }
  const [row] = await db
    .insert(coupons)
    .values({
      creatorId,
      courseId: input.courseId,
      code: input.code,
      type: input.type,
      value: input.value,
      maxRedemptions: input.maxRedemptions ?? null,
      perUserLimit: input.perUserLimit,
      startsAt: input.startsAt ?? null,
      expiresAt: input.expiresAt ?? null,
    })
    .onConflictDoNothing({ target: [coupons.creatorId, coupons.code] })
    .returning();
  if (!row)
    throw conflict({
      id: 'coupon_code_taken',
      message: `You already have a coupon with the code ${input.code}.`,
      params: { code: input.code },
    });
  return (await listCoupons(db, creatorId, [row.id]))[0] as Coupon;
}

async function ownCourse(db: DbOrTx, creatorId: string, courseId: string) {
  if (!isUuid(courseId)) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  const [course] = await db
    .select({ creatorId: courses.creatorId, price: courses.price })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound({ id: 'course_not_found', message: 'Course not found' });
  if (course.creatorId !== creatorId)
    throw forbidden({ id: 'coupon_not_own_course', message: 'You can only create coupons for your own courses' });
  return course;
}

/** The educator's coupons, newest first, with the paid redemptions and the revenue they brought. */
export async function listCoupons(db: DbOrTx, creatorId: string, ids?: string[]): Promise<Coupon[]> {
  const used = db
    .select({
      couponId: couponRedemptions.couponId,
      count: sql<number>`count(*)::int`.as('count'),
      revenue: sql<number>`coalesce(sum(${couponRedemptions.amount}), 0)::int`.as('revenue'),
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.status, 'redeemed'))
    .groupBy(couponRedemptions.couponId)
    .as('used');
  const rows = await db
    .select({ coupon: coupons, courseTitle: courses.title, count: used.count, revenue: used.revenue })
    .from(coupons)
    .leftJoin(courses, eq(courses.id, coupons.courseId))
    .leftJoin(used, eq(used.couponId, coupons.id))
    .where(and(eq(coupons.creatorId, creatorId), ids ? inArray(coupons.id, ids) : undefined))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map(({ coupon, courseTitle, count, revenue }) => ({
    _id: coupon.id,
    code: coupon.code,
    courseId: coupon.courseId,
    courseTitle: courseTitle ?? null,
    type: coupon.type,
    value: coupon.value,
    maxRedemptions: coupon.maxRedemptions,
    perUserLimit: coupon.perUserLimit,
    startsAt: coupon.startsAt?.toISOString() ?? null,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    active: coupon.active,
    createdAt: coupon.createdAt.toISOString(),
    redemptions: count ?? 0,
    revenue: (revenue ?? 0) / 100,
  }));
}

async function ownCoupon(db: DbOrTx, creatorId: string, couponId: string) {
  if (!isUuid(couponId)) throw notFound({ id: 'coupon_not_found', message: 'Coupon not found' });
  const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId)).limit(1);
  // Another educator's coupon is as unknown as a missing one.
  if (!row || row.creatorId !== creatorId) throw notFound({ id: 'coupon_not_found', message: 'Coupon not found' });
  return row;
}

export async function editCoupon(
  db: DbOrTx,
  creatorId: string,
  couponId: string,
  patch: z.output<typeof couponEditRequestSchema>,
): Promise<Coupon> {
  const coupon = await ownCoupon(db, creatorId, couponId);
  const expiresAt = patch.expiresAt === undefined ? coupon.expiresAt : patch.expiresAt;
  if (expiresAt && coupon.startsAt && expiresAt <= coupon.startsAt) {
    throw badRequest(
      { id: 'coupon_dates_order', message: 'Expires at must be after starts at' },
      { expiresAt: 'Must be after the start' },
    );
  }
  await db
    .update(coupons)
    .set({
      active: patch.active ?? coupon.active,
      expiresAt,
      maxRedemptions: patch.maxRedemptions === undefined ? coupon.maxRedemptions : patch.maxRedemptions,
    })
    .where(eq(coupons.id, couponId));
  return (await listCoupons(db, creatorId, [couponId]))[0] as Coupon;
}

/** Deletes an unused coupon; one that was ever used (or is held by an open checkout) is deactivated. */
export async function removeCoupon(db: DbOrTx, creatorId: string, couponId: string) {
  const coupon = await ownCoupon(db, creatorId, couponId);
  const [use] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId))
    .limit(1);
  if (!use) {
    await db.delete(coupons).where(eq(coupons.id, couponId));
    return { removed: true, coupon: null };
  }
  if (coupon.active) await db.update(coupons).set({ active: false }).where(eq(coupons.id, couponId));
  return { removed: false, coupon: (await listCoupons(db, creatorId, [couponId]))[0] as Coupon };
}

// ── The checkout's side ──────────────────────────────────────────────────────────────────────────

export interface CourseForCoupon {
  id: string;
  creatorId: string;
  /** Paise. */
  price: number;
}

export interface CouponPrice {
  coupon: CouponRow;
  applied: AppliedCoupon;
  /** Paise off the price (the whole price for a 100 % coupon). */
  discount: number;
}

/**
 * What a coupon takes off this course for this learner, or a 400 saying why it cannot be used.
 * Pass a transaction with `lock` to hold the coupon's row while a place is reserved.
 */
export async function priceWithCoupon(
  db: DbOrTx,
  code: string,
  course: CourseForCoupon,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<CouponPrice> {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.creatorId, course.creatorId), eq(coupons.code, code)))
    .limit(1);
  const [coupon] = lock ? await query.for('update') : await query;
  if (!coupon) throw couponError((await someoneElsesCode(db, code)) ? 'foreign' : 'invalid');
  if (coupon.courseId !== null && coupon.courseId !== course.id) throw couponError('foreign');
  if (!coupon.active) throw couponError('inactive');
  const now = new Date();
  if (coupon.startsAt && coupon.startsAt > now) throw couponError('notStarted');
  if (coupon.expiresAt && coupon.expiresAt <= now) throw couponError('expired');
  const { total, mine } = await placesTaken(db, coupon.id, userId, course.id, now);
  if (mine >= coupon.perUserLimit) throw couponError('used');
  if (coupon.maxRedemptions !== null && total >= coupon.maxRedemptions) throw couponError('exhausted');
  const discount = couponDiscount(coupon.type, coupon.value, course.price);
  if (discount === null) throw couponError('tooLarge');
  return { coupon, applied: { code: coupon.code, type: coupon.type, value: coupon.value }, discount };
}

/**
 * Paise off a price in paise: a percent of it (half a paisa goes to the learner), or whole rupees.
 * Null when a fixed coupon is not below the price (by rule it must be; one made for all courses may
 * meet a cheaper course).
 */
export function couponDiscount(type: CouponType, value: number, pricePaise: number): number | null {
  if (type === 'percent') return Math.round((pricePaise * value) / 100);
  return value * 100 < pricePaise ? value * 100 : null;
}

const someoneElsesCode = async (db: DbOrTx, code: string) =>
  (await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)).limit(1)).length > 0;

/**
 * Places taken: redeemed uses and reservations of open orders. The learner's own reservation for
 * this course does not count: a new checkout for the same course replaces it (`reserveCoupon`).
 */
async function placesTaken(db: DbOrTx, couponId: string, userId: string, courseId: string, now: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      mine: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})::int`,
    })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        or(
          eq(couponRedemptions.status, 'redeemed'),
          and(
            eq(couponRedemptions.status, 'reserved'),
            gt(couponRedemptions.expiresAt, now),
            or(ne(couponRedemptions.userId, userId), ne(couponRedemptions.courseId, courseId)),
          ),
        ),
      ),
    );
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

/**
 * Takes a place for this learner: checks the coupon again holding its row (so concurrent checkouts
 * queue and `maxRedemptions` is never exceeded), releases the learner's earlier reservation for the
 * course, and records the new one — held by `order` until it expires, or redeemed at once when
 * there is no order (a 100 % coupon).
 */
export async function reserveCoupon(
  tx: Tx,
  code: string,
  course: CourseForCoupon,
  userId: string,
  order: { id: string; expiresAt: Date } | null,
): Promise<CouponPrice> {
  const priced = await priceWithCoupon(tx, code, course, userId, { lock: true });
  await tx
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(
      and(
        eq(couponRedemptions.couponId, priced.coupon.id),
        eq(couponRedemptions.userId, userId),
        eq(couponRedemptions.courseId, course.id),
        eq(couponRedemptions.status, 'reserved'),
      ),
    );
  await tx.insert(couponRedemptions).values({
    couponId: priced.coupon.id,
    userId,
    courseId: course.id,
    orderId: order?.id ?? null,
    status: order ? 'reserved' : 'redeemed',
    discount: priced.discount,
    amount: course.price - priced.discount,
    expiresAt: order?.expiresAt ?? null,
  });
  return priced;
}

/** The order is paid: its reservation becomes a redemption (whatever its expiry said). */
export async function redeemOrder(tx: Tx, orderId: string) {
  await tx
    .update(couponRedemptions)
    .set({ status: 'redeemed', expiresAt: null })
    .where(and(eq(couponRedemptions.orderId, orderId), ne(couponRedemptions.status, 'redeemed')));
}

/** The order was refunded: its redemption no longer counts (nor its revenue). */
export async function releaseOrder(tx: Tx, orderId: string) {
  await tx.update(couponRedemptions).set({ status: 'released' }).where(eq(couponRedemptions.orderId, orderId));
}
