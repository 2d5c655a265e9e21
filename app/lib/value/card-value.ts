import type { Cents } from "../money";
import type { Grader } from "../slabs";

/**
 * The shapes of a card's value as pages show it (docs/product/value.md), shared by the server's
 * reads and the components.
 */

/** A card's FMV at one grader + grade, as the estimator last computed it. */
export type GradeValue = {
  grader: Grader;
  grade: number;
  fmvCents: Cents;
  /** 0-100. */
  confidence: number;
  compCount: number;
  /** The newest comp the value used. */
  lastCompAt: Date;
  /** `neighbour`: from a neighbouring grade through the grade ratio. */
  basis: "direct" | "neighbour";
};

/** One comp on a card's page and chart. */
export type CompPoint = {
  id: number;
  grader: Grader;
  grade: number;
  priceCents: Cents;
  soldAt: Date;
  source: string;
  url: string | null;
  /** The marketplace listing it sold on (a PackVault sale), else null. */
  listingId: number | null;
  /** Null while it counts; the staff's reason once excluded. */
  excludedReason: string | null;
};

/**
 * One sale as a grade's price chart needs it, as short as the page can carry it: when it sold
 * (milliseconds since the epoch), its price in cents, and the staff's reason when it is excluded
 * (absent while it counts).
 */
export type PricePoint = [at: number, priceCents: Cents, excludedReason?: string];

/** A grader + grade's sales for its chart: `grade` as {@link gradeKey} says it, points oldest first. */
export type GradeHistory = { grade: string; points: PricePoint[] };

/**
 * A grader + grade's sales counted for a card's page (its chart's grade buttons and caption):
 * `grade` as {@link gradeKey} says it, how many of its sales count and how many are excluded.
 */
export type GradeSales = { grade: string; counted: number; excluded: number };

/** A confidence in words, for screen readers and the badge's title: high, medium or low. */
export function confidenceLabel(confidence: number): "High" | "Medium" | "Low" {
  return confidence >= 70 ? "High" : confidence >= 40 ? "Medium" : "Low";
}

/** "PSA 10", "BGS 9.5": a grader and grade as collectors say them. */
export function gradeKey(grader: Grader, grade: number): string {
  return `${grader} ${Number.isInteger(grade) ? grade : grade.toFixed(1)}`;
}
