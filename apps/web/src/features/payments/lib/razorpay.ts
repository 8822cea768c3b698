import { CHECKOUT, type PaymentOrder, type RazorpayPayment } from '@kaksha/contracts';

/** The part of Razorpay's checkout.js this app uses. */
interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill?: { name?: string; email?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  /** Seconds until the checkout closes itself. */
  timeout?: number;
  handler: (response: RazorpayPayment) => void;
  modal?: { ondismiss?: () => void; confirm_close?: boolean };
}
interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', callback: (response: unknown) => void): void;
}
declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

let loading: Promise<void> | undefined;

/** Loads checkout.js once, only when a Razorpay payment actually starts. */
export function loadRazorpayScript(src: string = CHECKOUT.razorpayScript): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error('Razorpay checkout did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay checkout could not be loaded'));
    };
    document.head.appendChild(script);
  }).catch((error) => {
    loading = undefined; // let a later click try again
    throw error;
  });
  return loading;
}

/**
 * Opens Razorpay's checkout for the order. Resolves with the signed answer of a successful
 * payment, or null when the learner closes the checkout. (Failed attempts stay inside the
 * widget, which lets the learner retry.)
 */
export async function openRazorpayCheckout(
  order: PaymentOrder,
  prefill: { name: string; email: string },
): Promise<RazorpayPayment | null> {
  await loadRazorpayScript();
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('Razorpay checkout is not available');
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency || CHECKOUT.currency,
      name: CHECKOUT.productName,
      description: CHECKOUT.description,
      order_id: order.id,
      prefill,
      theme: { color: '#0f172a' },
      // The server refuses the order once it expires: close the checkout before anyone pays it.
      ...(order.expiresAt && {
        timeout: Math.max(1, Math.floor((Date.parse(order.expiresAt) - Date.now()) / 1000)),
      }),
      handler: (response) => resolve(response),
      modal: { ondismiss: () => resolve(null) },
    });
    checkout.open();
  });
}
