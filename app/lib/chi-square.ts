/**
 * Pearson's chi-square goodness-of-fit test, for comparing a pack's realized rarities with its
 * stated odds (docs/decisions/016-odds-commitment.md). Pure functions, the same on both sides.
 */

const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 10_000;

/** Lanczos coefficients (g = 7, n = 9): ln Γ to about 15 significant digits. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** P(a, x), the regularized lower incomplete gamma function, by its series (x < a + 1). */
function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

/** Q(a, x), the regularized upper incomplete gamma function, by its continued fraction (Lentz). */
function upperFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/**
 * P(X >= x) for X chi-square distributed with `df` degrees of freedom: Q(df / 2, x / 2).
 * @throws RangeError when `df` is not a positive integer or `x` is not a number.
 */
export function chiSquareSurvival(x: number, df: number): number {
  if (!Number.isInteger(df) || df < 1 || Number.isNaN(x)) {
    throw new RangeError("chiSquareSurvival takes x and a positive whole df");
  }
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  const a = df / 2;
  const half = x / 2;
  const q = half < a + 1 ? 1 - lowerSeries(a, half) : upperFraction(a, half);
  return Math.min(1, Math.max(0, q));
}

/** The outcome of a goodness-of-fit test. */
export type GoodnessOfFit = {
  /** Pearson's statistic: the sum of (observed - expected)^2 / expected. */
  statistic: number;
  /** Categories with a non-zero probability, minus one. */
  df: number;
  /** P(a statistic at least this large | the stated probabilities are the true ones). */
  pValue: number;
  /** The smallest expected count: below 5 the chi-square approximation is rough. */
  minExpected: number;
};

/**
 * Tests `observed` counts against `probabilities` (same order, summing to 1). A category with
 * probability 0 drops out of the test, unless something was observed in it: then the stated
 * probabilities are impossible (statistic Infinity, p-value 0).
 * @returns null when nothing was observed.
 * @throws RangeError when the arrays differ in length.
 */
export function goodnessOfFit(observed: number[], probabilities: number[]): GoodnessOfFit | null {
  if (observed.length !== probabilities.length) throw new RangeError("one probability per count");
  const total = observed.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  let statistic = 0;
  let categories = 0;
  let minExpected = Infinity;
  for (let i = 0; i < observed.length; i++) {
    const expected = total * probabilities[i]!;
    if (expected === 0) {
      if (observed[i]! > 0) statistic = Infinity;
      continue;
    }
    categories += 1;
    minExpected = Math.min(minExpected, expected);
    statistic += (observed[i]! - expected) ** 2 / expected;
  }
  const df = categories - 1;
  const pValue = statistic === Infinity ? 0 : df < 1 ? 1 : chiSquareSurvival(statistic, df);
  return { statistic, df, pValue, minExpected };
}

/** The significance level of the one-line reading: 1 %. */
export const SIGNIFICANCE = 0.01;
