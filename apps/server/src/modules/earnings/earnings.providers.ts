import { createHmac } from 'node:crypto';
import { type Config, ConfigError, PAYMENT_SANDBOX_DEFAULTS } from '../../core/config.ts';
import type { AccountForPayout } from './earnings.account.ts';

/**
 * Who pays educators (PAYOUT_PROVIDER, issue #31). Each payout is sent with its id as the
 * idempotency key, so sending it again (after a crash, or by a second run) never pays twice:
 * - `sandbox`: pays at once (the id's hash as the transfer id); nothing leaves anyone's bank.
 * - `manual`: the operator transfers the money outside and records the bank's UTR (mark-paid).
 * - `razorpay`: Razorpay Route. A linked account per educator (created from their payout account),
 *   and a Direct Transfer per payout from the platform's balance — the captured payments, settled.
 *   Direct Transfers are the Route API that takes an idempotency key (X-Transfer-Idempotency);
 *   transfers from a payment do not.
 */

export type PayoutProviderName = Config['earnings']['payoutProvider'];

export interface SendResult {
  /** The provider's transfer id (null: manual, none yet). */
  reference: string | null;
  status: 'processing' | 'paid' | 'failed';
  failure?: string;
}

/** No answer, or a "still working on it": nothing is known, so the payout is sent again later with the same key. */
export class ProviderUnsure extends Error {}
/** The provider said no: the payout did not happen. */
export class ProviderRefused extends Error {}

export interface PayoutSend {
  id: string;
  /** Paise. */
  amount: number;
  educatorId: string;
}

/** Route's linked account of an educator, made in three steps, each saved as it succeeds. */
export interface RouteAccountSteps {
  account: AccountForPayout;
  email: string;
  save(fields: Partial<Pick<AccountForPayout, 'routeAccountId' | 'routeProductId' | 'routeReadyAt'>>): Promise<void>;
}

export interface PayoutProviderClient {
  readonly name: PayoutProviderName;
  send(payout: PayoutSend, route: RouteAccountSteps): Promise<SendResult>;
  /** Where a transfer under way stands now. */
  check(reference: string): Promise<SendResult>;
}

export function createPayoutProvider(config: Config, fetchImpl: typeof fetch = fetch): PayoutProviderClient {
  const name = config.earnings.payoutProvider;
  if (name === 'sandbox') return sandboxPayouts();
  if (name === 'manual') return manualPayouts();
  const { keyId, keySecret } = config.payment;
  if (
    keyId === PAYMENT_SANDBOX_DEFAULTS.RAZORPAY_KEY_ID ||
    keySecret === PAYMENT_SANDBOX_DEFAULTS.RAZORPAY_KEY_SECRET
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: required when PAYOUT_PROVIDER=razorpay (Route uses the same keys)',
    );
  }
  return razorpayRoute(config.payment, fetchImpl);
}

export function sandboxPayouts(): PayoutProviderClient {
  const result = (id: string): SendResult => ({
    reference: `trf_sbx${createHmac('sha256', 'sandbox-payout').update(id).digest('hex').slice(0, 11)}`,
    status: 'paid',
  });
  return {
    name: 'sandbox',
    send: async (payout) => result(payout.id),
    check: async (reference) => ({ reference, status: 'paid' }),
  };
}

export function manualPayouts(): PayoutProviderClient {
  return {
    name: 'manual',
    // Nothing is sent: the payout waits for the operator's transfer and its UTR.
    send: async () => ({ reference: null, status: 'processing' }),
    check: async (reference) => ({ reference, status: 'processing' }),
  };
}

interface RazorpayError {
  error?: { description?: unknown };
}

type RazorpayCall = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Record<string, unknown>>;

/** One Razorpay API call: its answer, or ProviderUnsure (ask again later, same key) or ProviderRefused. */
function razorpayCaller(config: Config['payment'], fetchImpl: typeof fetch): RazorpayCall {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  return async (method, path, body, headers = {}) => {
    let res: Response;
    try {
      res = await fetchImpl(`${config.apiUrl}${path}`, {
        method,
        headers: { authorization: auth, accept: 'application/json', 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ProviderUnsure('Razorpay could not be reached');
    }
    const answer = (await res.json().catch(() => undefined)) as (Record<string, unknown> & RazorpayError) | undefined;
    // 409: the same key is still being worked on; 5xx: no decision. Both: ask again later, same key.
    if (res.status === 409 || res.status >= 500) throw new ProviderUnsure(`Razorpay answered ${res.status}`);
    if (!res.ok) {
      const detail = typeof answer?.error?.description === 'string' ? answer.error.description : `status ${res.status}`;
      throw new ProviderRefused(`Razorpay refused: ${detail}`);
    }
    return answer ?? {};
  };
}

const idOf = (answer: Record<string, unknown>, what: string) => {
  if (typeof answer.id !== 'string' || !answer.id) throw new ProviderUnsure(`Razorpay sent ${what} without an id`);
  return answer.id;
};

const transferResult = (answer: Record<string, unknown>): SendResult => {
  const reference = idOf(answer, 'a transfer');
  if (answer.status === 'processed') return { reference, status: 'paid' };
  if (answer.status === 'failed' || answer.status === 'reversed') {
    return { reference, status: 'failed', failure: `Razorpay transfer ${answer.status}` };
  }
  return { reference, status: 'processing' };
};

/** The educator's linked account, ready to receive transfers: each step once, saved as it succeeds. */
async function linkedAccount(call: RazorpayCall, { account, email, save }: RouteAccountSteps) {
  let accountId = account.routeAccountId;
  if (!accountId) {
    const created = await call('POST', '/v2/accounts', {
      email,
      type: 'route',
      // Up to 20 characters: our educator id without its hyphens, cut.
      reference_id: account.educatorId.replaceAll('-', '').slice(0, 20),
      legal_business_name: account.accountHolder,
      business_type: 'individual',
      contact_name: account.accountHolder,
      profile: { category: 'education', subcategory: 'elearning' },
      legal_info: { pan: account.pan },
    });
    accountId = idOf(created, 'a linked account');
    await save({ routeAccountId: accountId });
  }
  let productId = account.routeProductId;
  if (!productId) {
    const product = await call('POST', `/v2/accounts/${encodeURIComponent(accountId)}/products`, {
      product_name: 'route',
      tnc_accepted: true,
    });
    productId = idOf(product, 'a product configuration');
    await save({ routeProductId: productId });
  }
  if (!account.routeReadyAt) {
    await call('PATCH', `/v2/accounts/${encodeURIComponent(accountId)}/products/${encodeURIComponent(productId)}`, {
      settlements: {
        account_number: account.accountNumber,
        ifsc_code: account.ifsc,
        beneficiary_name: account.accountHolder,
      },
      tnc_accepted: true,
    });
    await save({ routeReadyAt: new Date() });
  }
  return accountId;
}

/** Razorpay Route: `POST /v2/accounts`, `…/products`, `PATCH …/products/{id}`, `POST /v1/transfers`, `GET /v1/transfers/{id}`. */
export function razorpayRoute(config: Config['payment'], fetchImpl: typeof fetch = fetch): PayoutProviderClient {
  const call = razorpayCaller(config, fetchImpl);
  return {
    name: 'razorpay',
    async send(payout, route) {
      const accountId = await linkedAccount(call, route);
      const transfer = await call(
        'POST',
        '/v1/transfers',
        {
          account: accountId,
          amount: payout.amount,
          currency: 'INR',
          notes: { payoutId: payout.id, educatorId: payout.educatorId },
        },
        { 'x-transfer-idempotency': payout.id },
      );
      return transferResult(transfer);
    },
    async check(reference) {
      return transferResult(await call('GET', `/v1/transfers/${encodeURIComponent(reference)}`));
    },
  };
}
