import type { Coupon } from '@kaksha/contracts';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { Table, type TableColumn } from '@/components/ui/Table';
import { type MessageKey, useT } from '@/i18n';
import { formatAmount } from '@/lib/format';
import { CouponActions } from './CouponActions';
import { courseText, discountText, expiryText, redemptionsText } from './coupon-text';
import type { CouponCourse } from './useCouponForm';

function Status({ coupon }: { coupon: Coupon }) {
  const t = useT();
  return coupon.active ? (
    <Chip tone="green">{t('coupons.active')}</Chip>
  ) : (
    <Chip tone="red">{t('coupons.inactive')}</Chip>
  );
}

const Code = ({ coupon }: { coupon: Coupon }) => (
  <span className="font-mono font-semibold tracking-wide text-ink">{coupon.code}</span>
);

/** The facts of a coupon on a phone, as label-value pairs. */
const FACTS: [MessageKey, (c: Coupon) => string][] = [
  ['outcomes.course', courseText],
  ['checkout.discount', discountText],
  ['coupons.redemptions', redemptionsText],
  ['coupons.revenue', (c) => formatAmount(c.revenue)],
  ['coupons.expires', (c) => expiryText(c)],
];

/** The educator's coupons: a table on wide screens, cards on narrow ones. */
export function CouponList({ coupons, courses }: { coupons: Coupon[]; courses: CouponCourse[] }) {
  const t = useT();
  const columns: TableColumn<Coupon>[] = [
    { header: t('coupons.code'), cell: (c) => <Code coupon={c} />, className: 'whitespace-nowrap' },
    { header: t('outcomes.course'), cell: courseText },
    { header: t('checkout.discount'), cell: discountText, className: 'whitespace-nowrap' },
    { header: t('coupons.redemptions'), cell: redemptionsText, className: 'whitespace-nowrap' },
    { header: t('coupons.revenue'), cell: (c) => formatAmount(c.revenue), className: 'whitespace-nowrap' },
    { header: t('coupons.expires'), cell: (c) => expiryText(c), className: 'whitespace-nowrap' },
    { header: t('manage.courses.status'), cell: (c) => <Status coupon={c} /> },
    { header: t('coupons.actions'), cell: (c) => <CouponActions coupon={c} courses={courses} /> },
  ];
  return (
    <>
      <Table className="hidden lg:block" rows={coupons} rowKey={(c) => c._id} columns={columns} />
      <ul className="flex flex-col gap-3 lg:hidden">
        {coupons.map((c) => (
          <li key={c._id}>
            <Card className="flex flex-col gap-3 p-4">
              <div className="flex items-center justify-between gap-3">
                <Code coupon={c} />
                <Status coupon={c} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {FACTS.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-muted">{t(label)}</dt>
                    <dd className="text-ink [overflow-wrap:anywhere]">{value(c)}</dd>
                  </div>
                ))}
              </dl>
              <CouponActions coupon={c} courses={courses} />
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
