import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider } from '@kaksha/contracts';
import { type Config, PAYMENT_SANDBOX_DEFAULTS } from '../../core/config.ts';
import { AppError } from '../../core/errors.ts';

/**
 * The payment providers behind one small interface. Only order creation differs: the
 * checkout's answer is signed the same way by both (Razorpay's scheme), so verification
 * and the webhook are provider-independent.
 */
export interface PaymentProviderClient {
  readonly name: PaymentProvider;
  /** The public key id the checkout widget needs. */
  readonly keyId: string;
  createOrder(input: CreateOrderInput): Promise<{ id: string }>;
  /** Refunds (part of) a captured payment; the key makes a repeated call return the same refund. */
  refund(input: RefundInput): Promise<ProviderRefund>;
}

export interface RefundInput {
  paymentId: string;
  /** Paise. */
  amount: number;
  /** Our refund's id: sent as Razorpay's X-Refund-Idempotency, so a retry never refunds twice. */
  idempotencyKey: string;
  notes: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
}

export interface CreateOrderInput {
  /** Paise. */
  amount: number;
  currency: string;
  /** Our own order id, so the provider's dashboard links back to it. */
  receipt: string;
  notes: Record<string, string>;
}

type PaymentConfig = Config['payment'];

/**
 * With real money the keys must be real: anyone who knows a default secret could sign a
 * "payment" or a webhook and enrol for free. Fails at start, naming the variables.
 */
export function assertProviderKeys(config: PaymentConfig) {
  if (config.provider !== 'razorpay') return;
  const given = {
    RAZORPAY_KEY_ID: config.keyId,
    RAZORPAY_KEY_SECRET: config.keySecret,
    RAZORPAY_WEBHOOK_SECRET: config.webhookSecret,
  };
  const missing = (Object.keys(given) as (keyof typeof given)[]).filter(
    (name) => !given[name] || given[name] === PAYMENT_SANDBOX_DEFAULTS[name],
  );
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when PAYMENT_PROVIDER=razorpay`).join('\n')}`,
    );
  }
}

export function createPaymentProvider(config: PaymentConfig, fetchImpl: typeof fetch = fetch): PaymentProviderClient {
  assertProviderKeys(config);
  return config.provider === 'razorpay' ? razorpayProvider(config, fetchImpl) : sandboxProvider(config);
}

const badGateway = (message: string) => new AppError(502, 'payment_provider_error', message);

/**
 * Razorpay's REST API with Basic auth key id : key secret: `POST /v1/orders` and
 * `POST /v1/payments/{id}/refund` (with `X-Refund-Idempotency`).
 */
export function razorpayProvider(config: PaymentConfig, fetchImpl: typeof fetch = fetch): PaymentProviderClient {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  /** POSTs JSON and answers the body of a 2xx; anything else is a 502 naming what was refused. */
  async function post(path: string, body: unknown, what: string, headers: Record<string, string> = {}) {
    let res: Response;
    try {
      res = await fetchImpl(`${config.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw badGateway('The payment provider could not be reached. Please try again in a moment.');
    }
    const answer = (await res.json().catch(() => undefined)) as
      | { id?: unknown; status?: unknown; error?: { description?: unknown } }
      | undefined;
    if (!res.ok) {
      const detail = typeof answer?.error?.description === 'string' ? `: ${answer.error.description}` : '';
      throw badGateway(`The payment provider refused to ${what} (${res.status})${detail}`);
    }
    if (typeof answer?.id !== 'string' || !answer.id) {
      throw badGateway(`The payment provider sent an answer without an id (${what}).`);
    }
    return answer as { id: string; status?: unknown };
  }
  return {
    name: 'razorpay',
    keyId: config.keyId,
    async createOrder(input) {
      const order = await post('/v1/orders', input, 'create the order');
      return { id: order.id };
    },
    async refund({ paymentId, amount, idempotencyKey, notes }) {
      const refund = await post(
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount, speed: 'normal', receipt: idempotencyKey.slice(0, 40), notes },
        'refund the payment',
        { 'x-refund-idempotency': idempotencyKey },
      );
      const status = refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
      return { id: refund.id, status };
    },
  };
}

/** Built-in test provider: no external call, ids shaped like Razorpay's. */
export function sandboxProvider(config: PaymentConfig): PaymentProviderClient {
  return {
    name: 'sandbox',
    keyId: config.keyId,
    async createOrder() {
      return { id: razorpayId('order') };
    },
    // The sandbox's "bank" refunds at once. The id is derived from the key, as Razorpay's
    // idempotency makes a repeated request answer the same refund.
    async refund({ idempotencyKey }) {
      return {
        id: `rfnd_${createHmac('sha256', 'sandbox').update(idempotencyKey).digest('hex').slice(0, 14)}`,
        status: 'processed',
      };
    },
  };
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `order_` / `pay_` / `rfnd_` + 14 characters of Razorpay's (base62) alphabet. */
export function razorpayId(prefix: 'order' | 'pay' | 'rfnd') {
  let id = '';
  for (let i = 0; i < 14; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${id}`;
}

const hmacHex = (data: string | Buffer, secret: string) => createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of a hex signature with the expected one. */
function signatureMatches(expectedHex: string, given: string) {
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Razorpay's checkout signature: HMAC_SHA256(order_id + "|" + payment_id, key_secret), hex. */
export const signPayment = (orderId: string, paymentId: string, keySecret: string) =>
  hmacHex(`${orderId}|${paymentId}`, keySecret);

export const isValidPaymentSignature = (orderId: string, paymentId: string, signature: string, keySecret: string) =>
  signatureMatches(signPayment(orderId, paymentId, keySecret), signature);

/** Razorpay's webhook signature: HMAC_SHA256(raw body, webhook secret), hex. */
export const signWebhook = (rawBody: string | Buffer, webhookSecret: string) => hmacHex(rawBody, webhookSecret);

export const isValidWebhookSignature = (rawBody: Buffer, signature: string, webhookSecret: string) =>
  signatureMatches(signWebhook(rawBody, webhookSecret), signature);
