import { translate } from '@/i18n';
/** The sandbox checkout's test card and the checks a card form makes before paying. */

/** Razorpay's documented test card; any future expiry and any CVV work in test mode. */
export const TEST_CARD = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' };

export type CardForm = { number: string; expiry: string; cvv: string };
export type CardErrors = Partial<Record<keyof CardForm, string>>;

const digits = (s: string) => s.replace(/\D/g, '');

function luhn(number: string) {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function validateCard(card: CardForm, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digits(card.number);
  if (number.length < 12 || number.length > 19 || !luhn(number)) errors.number = translate('card.invalidNumber');
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  if (!m || month < 1 || month > 12) errors.expiry = translate('card.useMmYy');
  else if (new Date(year, month, 1) <= now) errors.expiry = translate('card.expired');
  if (!/^\d{3,4}$/.test(card.cvv.trim())) errors.cvv = translate('card.invalidCvv');
  return errors;
}
