import type { PaymentProvider } from "./payment-provider";

/** Stripe's test numbers: this one is approved... */
export const SANDBOX_APPROVED_CARD = "4242424242424242";
/** ...and this one declined (issue 5 section 1). */
export const SANDBOX_DECLINED_CARD = "4000000000000002";

/**
 * The built-in test provider: approves 4242 4242 4242 4242 and declines 4000 0000 0000 0002
 * with 'Your card was declined'; any other well-formed number is declined too ('This is a test
 * shop: use card 4242 4242 4242 4242'), so no real card is ever "charged". Card number format,
 * Luhn, expiry and the amount range are checked by the shared schema before a charge.
 */
export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  async charge({ card, idempotencyKey }) {
    if (card.number === SANDBOX_APPROVED_CARD) {
      return { status: "succeeded", reference: `sandbox_${idempotencyKey}` };
    }
    if (card.number === SANDBOX_DECLINED_CARD) {
      return { status: "declined", reason: "Your card was declined" };
    }
    return { status: "declined", reason: "This is a test shop: use card 4242 4242 4242 4242" };
  },
};
