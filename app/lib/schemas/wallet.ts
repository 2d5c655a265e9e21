import { z } from "zod";
import { dollarsField } from "./dollars";

/** docs/product/wallet.md "Adding funds": a top-up is between $5 and $10,000. */
export const TOP_UP_LIMITS_CENTS = { min: 500, max: 1_000_000 } as const;

/** Whether a digit string passes the Luhn check (card numbers' last digit). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A card expiry: MM/YY, the slash optional ("1230" is December 2030), spaces around it allowed. */
const EXPIRY = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/;

/**
 * The expiry field as the collector types it: digits only, at most four, with the slash put in
 * after the month ("1230" -> "12/30", "123" -> "12/3"), so a phone's numeric keypad (which has
 * no slash) is enough.
 */
export function formatExpiryInput(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The Add funds form (docs/product/wallet.md "Adding funds"), checked against `now` for the expiry: an amount in
 * dollars ($5-$10,000, at most two decimals) becomes `amountCents`; the card number (spaces
 * and dashes allowed) must be 12-19 digits passing Luhn; expiry MM/YY not before this month;
 * CVC 3 or 4 digits; `idempotencyKey` is the form's own key.
 */
export const topUpSchema = (now: Date) =>
  z
    .object({
      amount: dollarsField({
        missing: "Enter an amount",
        ...TOP_UP_LIMITS_CENTS,
        tooSmall: "Add between $5.00 and $10,000.00",
        tooLarge: "Add between $5.00 and $10,000.00",
      }),
      cardNumber: z
        .string({ error: "Enter your card number" })
        .transform((value) => value.replace(/[\s-]/g, ""))
        .refine(
          (digits) => /^\d{12,19}$/.test(digits) && passesLuhn(digits),
          "Your card number is invalid",
        ),
      expiry: z
        .string({ error: "Enter the expiry date" })
        .trim()
        .regex(EXPIRY, "Enter the expiry as MM/YY")
        .transform((value) => {
          const [, month, year] = EXPIRY.exec(value)!;
          return { expMonth: Number(month), expYear: 2000 + Number(year) };
        })
        .refine(
          ({ expMonth, expYear }) =>
            expYear > now.getUTCFullYear() ||
            (expYear === now.getUTCFullYear() && expMonth >= now.getUTCMonth() + 1),
          "Your card has expired",
        ),
      cvc: z
        .string({ error: "Enter the CVC" })
        .trim()
        .regex(/^\d{3,4}$/, "The CVC is 3 or 4 digits"),
      idempotencyKey: z.string().uuid(),
    })
    .transform(({ amount, cardNumber, expiry, cvc, idempotencyKey }) => ({
      amountCents: amount,
      card: { number: cardNumber, ...expiry, cvc },
      idempotencyKey,
    }));
export type TopUpForm = z.input<ReturnType<typeof topUpSchema>>;
/** A top-up as `addFunds` takes it: the form parsed (amount in cents, card split up). */
export type TopUp = z.output<ReturnType<typeof topUpSchema>>;

/** A withdrawal is at least $10 (docs/decisions/009-held-offers-and-payouts.md), at most $100,000. */
export const WITHDRAWAL_LIMITS_CENTS = { min: 1_000, max: 10_000_000 } as const;

/**
 * The Withdraw funds form (docs/decisions/009-held-offers-and-payouts.md): an amount in dollars
 * (at least $10, at most two decimals) becomes `amountCents`; a US routing number (9 digits)
 * and an account number (4-17 digits), spaces allowed; `idempotencyKey` is the form's own key.
 * That the amount is at most the available balance is checked by the server.
 */
export const withdrawSchema = z
  .object({
    amount: dollarsField({
      missing: "Enter an amount",
      ...WITHDRAWAL_LIMITS_CENTS,
      tooSmall: "Withdraw at least $10.00",
      tooLarge: "Withdraw at most $100,000.00",
    }),
    routingNumber: z
      .string({ error: "Enter the routing number" })
      .transform((value) => value.replace(/\s/g, ""))
      .refine((digits) => /^\d{9}$/.test(digits), "The routing number is 9 digits"),
    accountNumber: z
      .string({ error: "Enter the account number" })
      .transform((value) => value.replace(/\s/g, ""))
      .refine((digits) => /^\d{4,17}$/.test(digits), "The account number is 4 to 17 digits"),
    idempotencyKey: z.string().uuid(),
  })
  .transform(({ amount, routingNumber, accountNumber, idempotencyKey }) => ({
    amountCents: amount,
    bank: { routingNumber, accountNumber },
    idempotencyKey,
  }));
export type WithdrawForm = z.input<typeof withdrawSchema>;
/** A withdrawal as the seam hands it to the domain: the amount in cents, the bank account. */
export type Withdrawal = z.output<typeof withdrawSchema>;
