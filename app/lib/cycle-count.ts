import type { Grader, SlabState } from "./slabs";

/**
 * A cycle count's result (docs/decisions/043-proof-of-reserves.md "Cycle counts"): what staff
 * scanned against what the books hold, line by line. Lines are counted from 1, the header
 * included. Each list keeps at most {@link REPORT_LIST_MAX} entries; the counts are complete.
 */
export type CycleCountReport = {
  /** The bin counted, or null for the whole vault. */
  bin: string | null;
  /** Lines left out: malformed, a repeated cert, or a bin other than the one counted. */
  lineIssues: { line: number; message: string }[];
  /** On the books in the place counted, not scanned. */
  missing: { grader: Grader; cert: string; bin: string; state: SlabState }[];
  /** Scanned, but the books do not hold it: an unknown cert, or a slab the books say left. */
  unexpected: { line: number; grader: Grader; cert: string; reason: string }[];
  /** Scanned in one bin, on the books in another. */
  wrongBin: { line: number; grader: Grader; cert: string; scannedBin: string; bookBin: string }[];
};

/** The most entries each list of a stored report keeps. */
export const REPORT_LIST_MAX = 1_000;

/** The columns of a count's CSV, in this order, under a header line naming them. */
export const COUNT_COLUMNS = ["grader", "cert", "bin"] as const;

/** Missing, unexpected and wrong-bin slabs together (a count's discrepancies). */
export const discrepanciesOf = (c: { missing: number; unexpected: number; wrongBin: number }) =>
  c.missing + c.unexpected + c.wrongBin;
