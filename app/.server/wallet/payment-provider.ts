import type { Cents } from "~/lib/money";

/** A card as the Add funds form sends it (already checked by the shared schema). */
export type CardDetails = {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
};

/** A provider's answer to one charge. */
export type ChargeResult =
  { status: "succeeded"; reference: string } | { status: "declined"; reason: string };

/** A US bank account as the Withdraw funds form sends it (digits only, checked by the schema). */
export type BankAccount = { routingNumber: string; accountNumber: string };

/** A provider's answer to one payout. */
export type PayoutResult =
  { status: "paid"; reference: string } | { status: "failed"; reason: string };

/**
 * Where wallet funds come from and go to (docs/design.md "Decisions beyond the spec"). A real provider
 * (Stripe, Adyen) implements this; PackVault ships the `sandbox` one only.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Charges `amountCents` to `card`. `idempotencyKey` is passed on so the provider charges at
   * most once per key. A decline is an answer, not an error; an outage throws.
   */
  charge(input: {
    amountCents: Cents;
    card: CardDetails;
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  /**
   * Pays `amountCents` out to `bank`. `idempotencyKey` is passed on so the provider pays at
   * most once per key (a retried payout returns the first answer). A refusal is an answer, not
   * an error; an outage throws.
   */
  payout(input: {
    amountCents: Cents;
    bank: BankAccount;
    idempotencyKey: string;
  }): Promise<PayoutResult>;
}
