import type { PaymentProvider } from "./payment-provider";

/** Stripe's test numbers: this one is approved... */
export const SANDBOX_APPROVED_CARD = "4242424242424242";
/** ...and this one declined (docs/product/wallet.md "Adding funds"). */
export const SANDBOX_DECLINED_CARD = "4000000000000002";

/** Stripe's test bank account: this routing number pays out to any 4-17 digit account... */
export const SANDBOX_ROUTING_NUMBER = "110000000";
/** ...except this account number, whose payouts fail (docs/decisions/009-held-offers-and-payouts.md). */
export const SANDBOX_FAILING_ACCOUNT = "000111111116";

/**
 * The built-in test provider: approves 4242 4242 4242 4242 and declines 4000 0000 0000 0002
 * with 'Your card was declined'; any other well-formed number is declined too ('This is a test
 * shop: use card 4242 4242 4242 4242'), so no real card is ever "charged". Card number format,
 * Luhn, expiry and the amount range are checked by the shared schema before a charge.
 * Payouts go to routing number 110000000 with any 4-17 digit account number, except account
 * 000111111116, which fails ('The bank refused the payout'); any other routing number fails
 * too ('This is a test shop: use routing number 110000000'), so no real bank is ever paid.
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
  async payout({ bank, idempotencyKey }) {
    if (bank.routingNumber !== SANDBOX_ROUTING_NUMBER) {
      return { status: "failed", reason: "This is a test shop: use routing number 110000000" };
    }
    if (bank.accountNumber === SANDBOX_FAILING_ACCOUNT) {
      return { status: "failed", reason: "The bank refused the payout" };
    }
    return { status: "paid", reference: `sandbox_po_${idempotencyKey}` };
  },
};
