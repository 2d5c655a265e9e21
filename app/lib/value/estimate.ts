import type { Cents } from "../money";
import { GRADE_SCALES, type Grader } from "../slabs";

/**
 * The fair-market-value estimator (docs/product/value.md "How we estimate a card's value"):
 * one pure function from a card's comps to the value of one grader + grade, with its
 * confidence. Everything PackVault shows as an FMV comes from here.
 */

/** One comp the estimator may use: a sale that is not excluded. */
export type EstimatorComp = {
  grader: Grader;
  grade: number;
  priceCents: Cents;
  soldAt: Date;
};

/** The estimate of one grader + grade, or null ("No estimate yet"). */
export type Estimate = {
  fmvCents: Cents;
  /** 0-100: from the number, age and spread of the comps used (see {@link confidenceOf}). */
  confidence: number;
  /** How many comps the value rests on (after trimming). */
  compCount: number;
  /** The newest comp used. */
  lastCompAt: Date;
  /** `direct`: this grade's own comps; `neighbour`: a neighbouring grade's through the ratio. */
  basis: "direct" | "neighbour";
};

/** The rules' numbers, published on /value. */
export const ESTIMATOR = {
  /** The newest comps of a grade taken into account. */
  window: 30,
  /** Comps older than this do not count (days). */
  maxAgeDays: 730,
  /** A comp's weight halves every this many days of age. */
  halfLifeDays: 90,
  /** Fewest comps (after trimming) a grade needs for a direct estimate. */
  minComps: 3,
  /** A comp more than this many interquartile ranges outside the quartiles (log price) is trimmed. */
  iqrFence: 1.5,
  /** The interquartile range (log price) counts as at least this (about 10 %). */
  minIqrLog: 0.1,
  /** Each grade point below 10 is worth this fraction of the one above (the grade ratio). */
  gradeRatio: 0.5,
  /** Neighbouring grades are looked for within this many grade points. */
  neighbourReach: 1,
  /** A neighbour-based estimate's confidence is multiplied by this. */
  neighbourPenalty: 0.6,
} as const;

const DAY_MS = 86_400_000;

/** The median of a non-empty sorted array. */
function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The `q` quantile (0-1) of a non-empty sorted array, interpolating between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/**
 * The comps left after trimming outliers with Tukey's fences on the log price (a 2x and a
 * 0.5x outlier are equally far): those within {@link ESTIMATOR}.iqrFence interquartile ranges
 * below the first quartile or above the third; the range counts as at least
 * {@link ESTIMATOR}.minIqrLog (about 10 %), so that when most prices are equal a sale a few
 * per cent away is not called an outlier. Fewer than 4 comps are kept as they are.
 */
export function trimOutliers<T extends { priceCents: Cents }>(comps: readonly T[]): T[] {
  if (comps.length < 4) return [...comps];
  const logs = comps.map((c) => Math.log(c.priceCents));
  const sorted = [...logs].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const fence = ESTIMATOR.iqrFence * Math.max(q3 - q1, ESTIMATOR.minIqrLog);
  return comps.filter((_, i) => logs[i]! >= q1 - fence && logs[i]! <= q3 + fence);
}

/**
 * The recency-weighted median price of `comps` at `now`: each comp weighs 0.5^(age / half-life);
 * the price where the running weight (cheapest first) reaches half the total, in whole cents.
 */
export function weightedMedianCents(
  comps: readonly { priceCents: Cents; soldAt: Date }[],
  now: Date,
): Cents {
  const weighted = comps
    .map((c) => ({
      price: c.priceCents,
      weight:
        0.5 ** (Math.max(0, now.getTime() - c.soldAt.getTime()) / DAY_MS / ESTIMATOR.halfLifeDays),
    }))
    .sort((a, b) => a.price - b.price);
  const total = weighted.reduce((sum, c) => sum + c.weight, 0);
  let running = 0;
  for (const c of weighted) {
    running += c.weight;
    if (running >= total / 2 - 1e-12) return c.price;
  }
  return weighted[weighted.length - 1]!.price;
}

/**
 * The confidence 0-100 of an estimate from `used` comps (already trimmed), at `now`:
 * - count: up to 40 points, 4 per comp (10 comps or more: 40);
 * - age: up to 30 points, halving every 90 days since the newest comp;
 * - spread: up to 30 points, falling linearly to 0 as the comps' spread (median absolute
 *   deviation over the median) grows to 50 %.
 * Rounded to a whole number.
 */
export function confidenceOf(
  used: readonly { priceCents: Cents; soldAt: Date }[],
  now: Date,
): number {
  if (used.length === 0) return 0;
  const count = Math.min(used.length, 10) * 4;
  const newest = Math.max(...used.map((c) => c.soldAt.getTime()));
  const ageDays = Math.max(0, now.getTime() - newest) / DAY_MS;
  const age = 30 * 0.5 ** (ageDays / ESTIMATOR.halfLifeDays);
  const prices = used.map((c) => c.priceCents).sort((a, b) => a - b);
  const m = median(prices);
  const mad = median(prices.map((p) => Math.abs(p - m)).sort((a, b) => a - b));
  const spread = 30 * Math.max(0, 1 - mad / m / 0.5);
  return Math.round(Math.min(100, count + age + spread));
}

/** A grade's own estimate from its comps, or null when fewer than the minimum remain. */
function directEstimate(
  comps: readonly EstimatorComp[],
  grader: Grader,
  grade: number,
  now: Date,
): Estimate | null {
  const oldest = now.getTime() - ESTIMATOR.maxAgeDays * DAY_MS;
  const recent = comps
    .filter(
      (c) =>
        c.grader === grader &&
        c.grade === grade &&
        c.soldAt.getTime() >= oldest &&
        c.soldAt.getTime() <= now.getTime(),
    )
    .sort((a, b) => b.soldAt.getTime() - a.soldAt.getTime())
    .slice(0, ESTIMATOR.window);
  const used = trimOutliers(recent);
  if (used.length < ESTIMATOR.minComps) return null;
  return {
    fmvCents: weightedMedianCents(used, now),
    confidence: confidenceOf(used, now),
    compCount: used.length,
    lastCompAt: new Date(Math.max(...used.map((c) => c.soldAt.getTime()))),
    basis: "direct",
  };
}

/**
 * The FMV of `grader` + `grade` of one card from that card's `comps` (any grader and grade;
 * excluded comps must already be left out) at `now`:
 * 1. the newest {@link ESTIMATOR}.window comps of the same grader and grade, no older than
 *    maxAgeDays; outliers trimmed ({@link trimOutliers}); with at least minComps left, the
 *    recency-weighted median ({@link weightedMedianCents}) and {@link confidenceOf} them;
 * 2. otherwise the nearest grade of the same grader within neighbourReach grade points that
 *    has a direct estimate (the higher one on a tie), scaled by gradeRatio per grade point
 *    (rounded half up to the cent), its confidence multiplied by neighbourPenalty;
 * 3. otherwise null: "No estimate yet".
 */
export function estimateValue(
  comps: readonly EstimatorComp[],
  grader: Grader,
  grade: number,
  now: Date,
): Estimate | null {
  const direct = directEstimate(comps, grader, grade, now);
  if (direct) return direct;
  const step = GRADE_SCALES[grader].step;
  for (let distance = step; distance <= ESTIMATOR.neighbourReach + 1e-9; distance += step) {
    for (const neighbour of [grade + distance, grade - distance]) {
      if (neighbour < GRADE_SCALES[grader].min || neighbour > GRADE_SCALES[grader].max) continue;
      const base = directEstimate(comps, grader, neighbour, now);
      if (!base) continue;
      const fmvCents = Math.max(
        1,
        Math.round(base.fmvCents * ESTIMATOR.gradeRatio ** (neighbour - grade)),
      );
      return {
        ...base,
        fmvCents,
        confidence: Math.round(base.confidence * ESTIMATOR.neighbourPenalty),
        basis: "neighbour",
      };
    }
  }
  return null;
}
