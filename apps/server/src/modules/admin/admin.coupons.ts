import type { AdminCoupon, AdminCouponPage } from '@kaksha/contracts';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/client.ts';
import { couponRedemptions, coupons, courses, users } from '../../core/db/schema/index.ts';
import { type ErrorText, notFound } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { rupees } from '../billing/billing.service.ts';
import type { auditAs } from './admin.audit.ts';

/** The same refusal (and id) as an educator's own coupon that is not there (modules/coupons). */
const COUPON_NOT_FOUND: ErrorText = { id: 'coupon_not_found', message: 'Coupon not found' };

/**
 * Coupons across educators (issue #31): the operator finds a code that is being abused and
 * deactivates it (never deletes: its redemptions stay). Keyset by creation (`<µs>_<id>`).
 */

const used = sql`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponId} = ${coupons.id} and ${couponRedemptions.status} = 'redeemed')`;
const revenue = sql`(select coalesce(sum(${couponRedemptions.amount}), 0)::bigint from ${couponRedemptions} where ${couponRedemptions.couponId} = ${coupons.id} and ${couponRedemptions.status} = 'redeemed')`;

const select = (db: DbOrTx) =>
  db
    .select({
      coupon: coupons,
      key: sql<string>`(extract(epoch from ${coupons.createdAt}) * 1000000)::bigint::text`,
      educator: { id: users.id, name: users.name, email: users.email },
      course: { id: courses.id, title: courses.title },
      redemptions: used.mapWith(Number),
      revenue: revenue.mapWith(Number),
    })
    .from(coupons)
    .leftJoin(users, eq(users.id, coupons.creatorId))
    .leftJoin(courses, eq(courses.id, coupons.courseId));

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const present = ({ coupon, educator, course, redemptions, revenue }: Row): AdminCoupon => ({
  _id: coupon.id,
  code: coupon.code,
  educator: educator ? { _id: educator.id, name: educator.name, email: educator.email } : null,
  course: course ? { _id: course.id, title: course.title } : null,
  type: coupon.type,
  value: coupon.value,
  active: coupon.active,
  redemptions,
  maxRedemptions: coupon.maxRedemptions,
  revenue: rupees(revenue),
  expiresAt: coupon.expiresAt?.toISOString() ?? null,
  createdAt: coupon.createdAt.toISOString(),
});

/** Every educator's coupons, newest first; `q`: the start of a code, or part of the educator's e-mail. */
export async function listAllCoupons(
  db: DbOrTx,
  q: string | undefined,
  cursor: string | undefined,
  limit: number,
): Promise<AdminCouponPage> {
  const [micros, id] = cursor?.split('_') ?? [];
  const after =
    micros && id && isUuid(id) && /^\d{1,18}$/.test(micros)
      ? sql`(${coupons.createdAt}, ${coupons.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`
      : undefined;
  const text = q?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const match = text
    ? or(ilike(coupons.code, `${text.toUpperCase()}%`), ilike(users.email, `%${text.toLowerCase()}%`))
    : undefined;
  const rows = await select(db)
    .where(and(match, after))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    coupons: page.map(present),
    nextCursor: rows.length > limit && last ? `${last.key}_${last.coupon.id}` : null,
  };
}

/** Deactivates a coupon (already inactive: answered as it is, nothing written). */
export async function deactivateCoupon(
  db: Db,
  couponId: string,
  audit: ReturnType<typeof auditAs>,
): Promise<AdminCoupon> {
  if (!isUuid(couponId)) throw notFound(COUPON_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!coupon) throw notFound(COUPON_NOT_FOUND);
    if (!coupon.active) return;
    await tx.update(coupons).set({ active: false }).where(eq(coupons.id, couponId));
    await audit(tx, {
      action: 'coupon.deactivate',
      target: `coupon:${couponId}`,
      before: { code: coupon.code, creatorId: coupon.creatorId, active: true },
      after: { code: coupon.code, creatorId: coupon.creatorId, active: false },
    });
  });
  const [row] = await select(db).where(eq(coupons.id, couponId));
  return present(row as Row);
}
