import { z } from "zod";
import { dollarsToCents, type Cents } from "../money";
import { PACK_CONFIRM_UNDER_MAX_CENTS } from "../pack-confirmation";
import { dollarsField } from "./dollars";
import { PAUSE_LENGTHS, type LimitKind, type PlayPeriod } from "../play";

/** Largest limit accepted: $1,000,000 a period, in cents. */
export const MAX_LIMIT_CENTS = 100_000_000;

/**
 * A date of birth as `<input type="date">` sends it (`YYYY-MM-DD`), a real calendar day in
 * 1900 or later. Whether it is 18 years ago is the domain's check (it knows the clock).
 */
export const dateOfBirthField = z
  .string({ error: "Please enter your date of birth" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter your date of birth")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "Please enter a valid date of birth")
  .refine((value) => value >= "1900-01-01", "Please enter a valid date of birth");

const LIMIT_RANGE_MESSAGE =
  "Enter an amount between $0.01 and $1,000,000, or leave it blank for no limit";

/**
 * A change of one kind's limits as the domain takes it, built from a parsed limits form: for
 * each period given, whole cents from 1 to MAX_LIMIT_CENTS or null for none; periods left out
 * keep their limit.
 */
export type LimitChange = {
  kind: LimitKind;
  amountsCents: Partial<Record<PlayPeriod, Cents | null>>;
};

/** An amount in dollars (at most two decimals; "$" and "," allowed) as cents, or blank: null. */
// No `.pipe(z.string())` here: Conform's coercion would turn the piped "" into undefined.
const limitAmount = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ?? "").replace(/[$,]/g, ""))
  .refine(
    (value) => /^(\d{1,7}(\.\d{1,2})?)?$/.test(value),
    "Enter an amount in dollars, like 100 or 25.50",
  )
  .transform((value) => (value === "" ? null : dollarsToCents(Number(value))))
  .refine(
    (cents) => cents === null || (cents > 0 && cents <= MAX_LIMIT_CENTS),
    LIMIT_RANGE_MESSAGE,
  );

/** Limits tab: the daily, weekly and monthly deposit limits (blank: no limit). */
export const depositLimitsSchema = z.object({
  intent: z.literal("set-deposit-limits"),
  day: limitAmount,
  week: limitAmount,
  month: limitAmount,
});

/** Limits tab: the daily, weekly and monthly pack spending limits (blank: no limit). */
export const spendingLimitsSchema = depositLimitsSchema.extend({
  intent: z.literal("set-spending-limits"),
});

/** Limits tab: take a break (24 hours, 7 days, 30 days) or exclude yourself (6 months, 1 or 5 years). */
export const startPauseSchema = z.object({
  intent: z.literal("start-pause"),
  length: z.enum(PAUSE_LENGTHS, { error: "Choose how long" }),
});

/**
 * Limits tab: "Don't ask for packs under ($)" (docs/decisions/044-confirm-before-money-moves.md):
 * cents from $1 to $1,000, or blank (undefined once parsed) to be asked before every pack.
 */
export const packConfirmationSchema = z.object({
  intent: z.literal("set-pack-confirmation"),
  under: dollarsField({
    missing: "Enter an amount, or leave it blank to be asked every time",
    min: 100,
    max: PACK_CONFIRM_UNDER_MAX_CENTS,
  }).optional(),
});

/** The date of birth an existing user confirms before their next top-up or opening. */
export const confirmDateOfBirthSchema = z.object({
  intent: z.literal("confirm-date-of-birth"),
  dateOfBirth: dateOfBirthField,
});

/** The reality check dialog's 'Continue': acknowledges the check up to `checkNumber`. */
export const continuePlaySchema = z.object({
  intent: z.literal("continue-play"),
  checkNumber: z.coerce.number().int().min(1).max(1_000),
});
