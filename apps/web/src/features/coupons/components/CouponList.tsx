import type { Coupon } from '@kaksha/contracts';
import { Card } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { Table, type TableColumn } from '@/components/ui/Table';
import { formatAmount } from '@/lib/format';
import { CouponActions } from './CouponActions';
import { courseText, discountText, expiryText, redemptionsText } from './coupon-text';
import type { CouponCourse } from './useCouponForm';

const Status = ({ coupon }: { coupon: Coupon }) =>
  coupon.active ? <Chip tone="green">Active</Chip> : <Chip tone="red">Inactive</Chip>;

const Code = ({ coupon }: { coupon: Coupon }) => (
  <span className="font-mono font-semibold tracking-wide text-ink">{coupon.code}</span>
);

/** The facts of a coupon on a phone, as label-value pairs. */
const FACTS: [string, (c: Coupon) => string][] = [
  ['Course', courseText],
  ['Discount', discountText],
  ['Redemptions', redemptionsText],
  ['Revenue', (c) => formatAmount(c.revenue)],
  ['Expires', (c) => expiryText(c)],
];

/** The educator's coupons: a table on wide screens, cards on narrow ones. */
export function CouponList({ coupons, courses }: { coupons: Coupon[]; courses: CouponCourse[] }) {
  const columns: TableColumn<Coupon>[] = [
    { header: 'Code', cell: (c) => <Code coupon={c} />, className: 'whitespace-nowrap' },
    { header: 'Course', cell: courseText },
    { header: 'Discount', cell: discountText, className: 'whitespace-nowrap' },
    { header: 'Redemptions', cell: redemptionsText, className: 'whitespace-nowrap' },
    { header: 'Revenue', cell: (c) => formatAmount(c.revenue), className: 'whitespace-nowrap' },
    { header: 'Expires', cell: (c) => expiryText(c), className: 'whitespace-nowrap' },
    { header: 'Status', cell: (c) => <Status coupon={c} /> },
    { header: 'Actions', cell: (c) => <CouponActions coupon={c} courses={courses} /> },
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
                    <dt className="text-muted">{label}</dt>
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
