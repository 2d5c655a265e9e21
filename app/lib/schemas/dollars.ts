import { z } from "zod";
import { formatCents, readDollars, type Cents, type DollarsProblem } from "../money";

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
 * refusal names the problem (`readDollars` in app/lib/money.ts): "Enter at most $1,000,000.00"
 * for a huge price, "Enter the amount in plain digits" for "1e9", "Use at most 2 decimals" for
 * "5.555".
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
