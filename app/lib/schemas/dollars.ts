import { z } from "zod";
import { formatCents, type Cents } from "../money";

/** Why a typed dollar amount was refused, so that the message can name the real problem. */
export type DollarsProblem =
  | "empty"
  | "exponent"
  | "negative"
  | "decimals"
  | "format"
  | "too_small"
  | "too_large";

/** More digits than any amount the shop takes: refused before any arithmetic. */
const MAX_WHOLE_DIGITS = 12;

/**
 * Reads an amount typed in dollars ("25", "25.5", "$1,250.00") as integer cents, or says what
 * is wrong with it: `exponent` for "1e9", `negative` for "-5", `decimals` for "5.555", `format`
 * for anything else that is not a number, `too_small` / `too_large` outside [min, max] cents.
 * Pure and exact (no floating-point arithmetic on the cents).
 */
export function readDollars(
  text: string,
  { min, max }: { min: Cents; max: Cents },
): { ok: true; cents: Cents } | { ok: false; problem: DollarsProblem } {
  const value = text.trim().replace(/^\$/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  if (value === "") return { ok: false, problem: "empty" };
  if (/^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(value)) return { ok: false, problem: "exponent" };
  if (/^-\s*\$?\d/.test(value)) return { ok: false, problem: "negative" };
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return { ok: false, problem: "format" };
  const whole = match[1]!.replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { ok: false, problem: "decimals" };
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, problem: "too_large" };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents < min) return { ok: false, problem: "too_small" };
  if (cents > max) return { ok: false, problem: "too_large" };
  return { ok: true, cents };
}

/** The message for each problem, given the field's words for the empty and out-of-range cases. */
export function dollarsMessage(
  problem: DollarsProblem,
  { missing, tooSmall, tooLarge }: { missing: string; tooSmall: string; tooLarge: string },
): string {
  switch (problem) {
    case "empty":
      return missing;
    case "exponent":
      return "Enter the amount in plain digits, like 1000 or 25.50";
    case "negative":
    case "too_small":
      return tooSmall;
    case "decimals":
      return "Use at most 2 decimals (cents), like 25.50";
    case "format":
      return "Enter an amount in dollars, like 50 or 25.50";
    case "too_large":
      return tooLarge;
  }
}

/**
 * A form field holding an amount in dollars, parsed to integer cents in [min, max], whose every
 * refusal names the problem ({@link readDollars}): "Enter at most $1,000,000.00" for a huge
 * price, "Enter the amount in plain digits" for "1e9", "Use at most 2 decimals" for "5.555".
 * `missing` is the message for an empty field; `tooSmall` and `tooLarge` default to "Enter at
 * least $min" and "Enter at most $max".
 */
export function dollarsField({
  missing,
  min,
  max,
  tooSmall = `Enter at least ${formatCents(min)}`,
  tooLarge = `Enter at most ${formatCents(max)}`,
}: {
  missing: string;
  min: Cents;
  max: Cents;
  tooSmall?: string;
  tooLarge?: string;
}) {
  return z.string({ error: missing }).transform((text, ctx) => {
    const read = readDollars(text, { min, max });
    if (read.ok) return read.cents;
    ctx.addIssue({
      code: "custom",
      message: dollarsMessage(read.problem, { missing, tooSmall, tooLarge }),
    });
    return z.NEVER;
  });
}
