import type { Purchase } from '@kaksha/contracts';
import { FileText, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Message, useT } from '@/i18n';
import { serverMessage } from '@/lib/api';
import { formatAmount, formatDate } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';
import { documentPdfUrl } from '../api/purchases';
import { RefundStatus } from './RefundStatus';

/** An amount that never breaks between ₹ and its figure. */
const Money = ({ children, strong = false }: { children: number; strong?: boolean }) => (
  <span className={`whitespace-nowrap ${strong ? 'font-semibold text-ink' : ''}`}>{formatAmount(children)}</span>
);

function DocumentLink({ id, kind, number }: { id: string; kind: 'invoice' | 'creditNote'; number: string }) {
  const t = useT();
  return (
    <a
      href={documentPdfUrl(id)}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-ink underline decoration-slate-300 underline-offset-4 hover:bg-surface hover:decoration-ink"
      aria-label={t(kind === 'invoice' ? 'purchases.invoiceLabel' : 'purchases.creditNoteLabel', { number })}
    >
      <FileText size={16} aria-hidden="true" />
      {t(kind === 'invoice' ? 'purchases.invoice' : 'purchases.creditNote', { number })}
    </a>
  );
}

/**
 * One purchase: the course, when, what was paid (and the coupon), the invoice and any credit note
 * as PDFs, the refund status, and Refund while the policy allows it (else why not).
 */
export function PurchaseItem({ purchase, onRefund }: { purchase: Purchase; onRefund: () => void }) {
  const t = useT();
  const { course, refund, refundEligibility: eligibility } = purchase;
  const titleId = `purchase-${purchase.orderId}`;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:p-5">
      {course.thumbnail && (
        <img
          src={mediaUrl(course.thumbnail)}
          alt=""
          width={160}
          height={90}
          loading="lazy"
          className="aspect-video w-full rounded-md object-cover sm:w-40 sm:shrink-0 sm:self-start"
        />
      )}
      <article aria-labelledby={titleId} className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="text-base font-semibold text-ink [overflow-wrap:anywhere]">
            <Link to={`/viewcourse/${course._id}`} className="hover:underline">
              {course.title}
            </Link>
          </h2>
          <RefundStatus refund={refund} />
        </div>
        <p className="text-sm text-muted">
          {t('purchases.bought', { date: formatDate(purchase.paidAt) })} · <Money strong>{purchase.amount}</Money>
          {purchase.couponCode && (
            <>
              {' '}
              <Message
                id="purchases.withCoupon"
                values={{
                  price: <Money>{purchase.price}</Money>,
                  code: purchase.couponCode,
                  discount: <Money>{purchase.discount}</Money>,
                }}
              />
            </>
          )}
          {refund && (
            <>
              {' '}
              · <Message id="purchases.refunded" values={{ amount: <Money>{refund.amount}</Money> }} />
            </>
          )}
        </p>
        {(purchase.invoice || purchase.creditNote) && (
          <div className="-ml-2 flex flex-wrap gap-x-2">
            {purchase.invoice && (
              <DocumentLink id={purchase.invoice._id} kind="invoice" number={purchase.invoice.number} />
            )}
            {purchase.creditNote && (
              <DocumentLink id={purchase.creditNote._id} kind="creditNote" number={purchase.creditNote.number} />
            )}
          </div>
        )}
        {!refund &&
          (eligibility.eligible ? (
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={onRefund}
                icon={<Undo2 size={16} aria-hidden="true" />}
                aria-label={t('purchases.refundLabel', { title: course.title })}
              >
                {t('purchases.refund')}
              </Button>
            </div>
          ) : (
            eligibility.reason && (
              <p className="text-xs text-muted">
                {t('purchases.noRefund', { reason: serverMessage(eligibility.reason) })}
              </p>
            )
          ))}
      </article>
    </Card>
  );
}
