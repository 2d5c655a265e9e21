import type { Grader } from "./slabs";

/**
 * The intake CSV of the admin's Inventory tab (docs/design.md "Inventory (real slabs)"): its columns
 * and the report an import answers with, shared by the server (app/.server/inventory/intake.ts)
 * and the import page.
 */

/** The columns of an intake CSV, in this order, under a header line naming them. */
export const INTAKE_COLUMNS = ["grader", "cert", "card", "grade", "cost", "fmv", "bin"] as const;

/** The most rows one import takes. */
export const INTAKE_MAX_ROWS = 5_000;

/** What happened to one line of an import (lines counted from 1, the header included). */
export type IntakeLine =
  | { line: number; outcome: "added"; grader: Grader; cert: string }
  | { line: number; outcome: "unchanged"; grader: Grader; cert: string }
  | { line: number; outcome: "refused"; message: string };

/** An import's report, line by line, with its counts. `dryRun`: nothing was written. */
export type IntakeReport = {
  dryRun: boolean;
  lines: IntakeLine[];
  added: number;
  unchanged: number;
  refused: number;
};
