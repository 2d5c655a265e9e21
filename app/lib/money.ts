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

/** Whole dollars (as from a price filter) to cents: 150 -> 15000. */
export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}
