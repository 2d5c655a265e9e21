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
 * Applies a rate in basis points (1 bp = 0.01 %) to an amount in cents, rounding half up
 * to the cent: applyBasisPoints(1005, 1500) = 151 (15 % of $10.05 = 150.75 cents).
 * The only place money is multiplied by a rate.
 */
export function applyBasisPoints(cents: Cents, basisPoints: number): Cents {
  if (!Number.isInteger(cents) || !Number.isInteger(basisPoints)) {
    throw new RangeError("applyBasisPoints takes integer cents and integer basis points");
  }
  const product = cents * basisPoints;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5_000) / 10_000);
}

/** Whole dollars (as from a price filter) to cents: 150 -> 15000. */
export function dollarsToCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}
