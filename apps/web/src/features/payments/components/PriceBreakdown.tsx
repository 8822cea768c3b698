import type { AppliedCoupon, GstStateCode, PaymentQuote } from '@kaksha/contracts';
import type { ReactNode } from 'react';
import { translate, useT } from '@/i18n';
import { formatNumber, formatPaise, formatRupees } from '@/lib/format';
import { stateName } from '@/lib/labels';

const couponLabel = (c: AppliedCoupon) =>
  c.type === 'percent'
    ? translate('checkout.percentOff', { value: formatNumber(c.value) })
    : translate('checkout.amountOff', { amount: formatRupees(c.value) });

/** A GST rate as printed: 9, 2.5, 0.125. */
const rate = (percent: number) => `${formatNumber(Number(percent.toFixed(3)))}%`;

function Line({ term, children, strong = false }: { term: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'mt-1 border-t border-line pt-2 text-base font-bold text-ink' : ''}`}
    >
      <dt>{term}</dt>
      <dd className="shrink-0 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The quote as the checkout shows it (issue #28): the price, the coupon's discount, the taxable
 * value and the GST in it (CGST and SGST at half the rate each inside the seller's state, IGST
 * outside), the total and the place of supply. Prices include GST, so the tax is part of the total.
 */
export function PriceBreakdown({ quote }: { quote: PaymentQuote }) {
  const t = useT();
  // Nothing to tax (a 100 % coupon): no tax lines, rather than a zero one of either kind.
  const taxed = quote.gstRate > 0 && quote.taxable > 0;
  const intraState = quote.cgst > 0 || quote.sgst > 0;
  return (
    <div>
      <dl className="flex flex-col gap-1.5 text-sm text-muted">
        <Line term={t('checkout.coursePrice')}>{formatPaise(quote.price)}</Line>
        {quote.discount > 0 && (
          <Line
            term={
              quote.coupon
                ? t('checkout.couponLine', { code: quote.coupon.code, off: couponLabel(quote.coupon) })
                : t('checkout.discount')
            }
          >
            <span className="text-green-800">− {formatPaise(quote.discount)}</span>
          </Line>
        )}
        {taxed && (
          <>
            <Line term={t('checkout.taxable')}>{formatPaise(quote.taxable)}</Line>
            {intraState ? (
              <>
                <Line term={`CGST @ ${rate(quote.gstRate / 2)}`}>{formatPaise(quote.cgst)}</Line>
                <Line term={`SGST @ ${rate(quote.gstRate / 2)}`}>{formatPaise(quote.sgst)}</Line>
              </>
            ) : (
              <Line term={`IGST @ ${rate(quote.gstRate)}`}>{formatPaise(quote.igst)}</Line>
            )}
          </>
        )}
        <Line term={t('checkout.total')} strong>
          <span data-testid="quote-total">{formatPaise(quote.amount)}</span>
        </Line>
      </dl>
      <p className="mt-2 text-xs text-muted">
        {taxed ? `${t('checkout.includesGst')} ` : ''}
        {t('checkout.placeOfSupply', {
          state: stateName(quote.placeOfSupply.stateCode as GstStateCode),
          code: quote.placeOfSupply.stateCode,
        })}
      </p>
    </div>
  );
}
