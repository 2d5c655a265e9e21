/** Integer US cents. Every amount of money in PackVault is one of these. */
export type Cents = number;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** Formats cents as US dollars: 1234567 -> "$12,345.67"; whole dollars drop ".00" when `compact`. */
export function formatCents(cents: Cents, { compact = false }: { compact?: boolean } = {}): string {
  if (compact && cents % 100 === 0) return usdWhole.format(cents / 100);
  return usd.format(cents / 100);
}

/**
 * `cents x numerator / denominator`, rounded half up to the cent, exactly (BigInt, so no
 * float error at any size): mulDivHalfUp(2500, 8_000 * 7_001, 100_000_000) = 1400 ($25 x 0.8 x
 * 0.7001 = $14.002). The only place money is multiplied by a rate.
 * @throws RangeError when an argument is not an integer, or the denominator is not positive.
 */
export function mulDivHalfUp(cents: Cents, numerator: number, denominator: number): Cents {
  if (![cents, numerator, denominator].every(Number.isSafeInteger) || denominator <= 0) {
    throw new RangeError("mulDivHalfUp takes integer cents and an integer ratio");
  }
  const product = BigInt(cents) * BigInt(numerator);
  const magnitude = product < 0n ? -product : product;
  const rounded = (2n * magnitude + BigInt(denominator)) / (2n * BigInt(denominator));
  return Number(product < 0n ? -rounded : rounded);
}

/**
 * Applies a rate in basis points (1 bp = 0.01 %) to an amount in cents, rounding half up
 * to the cent: applyBasisPoints(1005, 1500) = 151 (15 % of $10.05 = 150.75 cents).
 */
export function applyBasisPoints(cents: Cents, basisPoints: number): Cents {
  if (!Number.isInteger(cents) || !Number.isInteger(basisPoints)) {
    throw new RangeError("applyBasisPoints takes integer cents and integer basis points");
  }
  return mulDivHalfUp(cents, basisPoints, 10_000);
}

/** Dollars as a number (a price filter, a seed price, a parsed limit) to cents, rounded to the cent: 150 -> 15000, 25.5 -> 2550. */
export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

/** The whole dollars in `cents`, the cents below a dollar dropped: 1999 -> 19, -150 -> -2. */
export function wholeDollars(cents: Cents): number {
  return Math.floor(cents / 100);
}

/**
 * Cents as an amount field or a machine-readable price shows them: plain digits with two
 * decimals, no "$" and no thousands separator: 1250 -> "12.50", 100000 -> "1000.00",
 * -5 -> "-0.05"; null (no amount) -> "". Exact (integer arithmetic, no float rounding).
 */
export function centsToDollars(cents: Cents | null): string {
  if (cents === null) return "";
  const magnitude = Math.abs(cents);
  const fraction = String(magnitude % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${Math.floor(magnitude / 100)}.${fraction}`;
}

/** Why a typed dollar amount was refused, so that the message can name the real problem. */
export type DollarsProblem =
  "empty" | "exponent" | "negative" | "decimals" | "format" | "too_small" | "too_large";

/** More digits than any amount the shop takes: refused before any arithmetic. */
const MAX_WHOLE_DIGITS = 12;

/**
 * Reads an amount typed in dollars ("25", "25.5", "$1,250.00") as integer cents, or says what
 * is wrong with it: `exponent` for "1e9", `negative` for "-5", `decimals` for "5.555", `format`
 * for anything else that is not a number, `too_small` / `too_large` outside [min, max] cents.
 * Pure and exact (no floating-point arithmetic on the cents). The form fields' messages for
 * each problem are in app/lib/schemas/dollars.ts.
 */
export function readDollars(
  text: string,
  { min, max }: { min: Cents; max: Cents },
): { ok: true; cents: Cents } | { ok: false; problem: DollarsProblem } {
  const value = text
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
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
