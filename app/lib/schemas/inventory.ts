import { z } from "zod";
import { GRADERS, SLAB_STATES } from "../slabs";
import { formId } from "./market";

/**
 * The forms of the admin's Inventory tab and its CSV import (docs/design.md "Inventory (real
 * slabs)"), one schema an intent, parsed once at the seam
 * (docs/decisions/024-admin-forms-on-conform.md).
 */

/** A text filter of at most `max` characters, trimmed; empty or longer reads as "any" (undefined). */
const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined);

/** The Inventory list's filters as the URL carries them; anything unknown reads as "any". */
export const slabFiltersSchema = z.object({
  state: z.enum(SLAB_STATES).optional().catch(undefined),
  grader: z.enum(GRADERS).optional().catch(undefined),
  /** Card name, set or cert, contained (case-insensitive). */
  q: filterText(100),
  /** The bin, exactly (case-insensitive). */
  bin: filterText(40),
});
export type SlabFilters = z.output<typeof slabFiltersSchema>;

/** 'Received and checked': a slab in intake moves to house stock. */
export const receiveSlabSchema = z.object({ slabId: formId("Slab") });

/** The most characters a write-off reason takes. */
export const WRITE_OFF_REASON_MAX = 500;

/** Writing a slab off, with the reason the history keeps. */
export const writeOffSlabSchema = z.object({
  slabId: formId("Slab"),
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(3, "Reason is required: say what happened to the slab (at least 3 characters)")
    .max(WRITE_OFF_REASON_MAX, `Reason must be at most ${WRITE_OFF_REASON_MAX} characters`),
});
export type WriteOffSlabInput = z.output<typeof writeOffSlabSchema>;

/** The most characters a pasted CSV takes (about 5,000 lines). */
export const INTAKE_CSV_MAX_CHARS = 500_000;

/** The CSV import: the file's text, checked only (`dry-run`) or applied (`apply`). */
export const importSlabsSchema = z.object({
  csv: z
    .string({ error: "Paste the CSV or choose a file" })
    .min(1, "Paste the CSV or choose a file")
    .max(INTAKE_CSV_MAX_CHARS, "The CSV is too long: split it into files of 5,000 lines at most"),
  mode: z.enum(["dry-run", "apply"], { error: "Choose a dry run or apply" }),
});

/** A required text field of the "Add a slab" form (the domain checks it as a CSV cell). */
const slabField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * "Add a slab": the CSV's columns as typed, checked by the domain exactly as a CSV line
 * (app/.server/inventory/add-slab.ts); the front and back photos travel as the `photos` files.
 */
export const addSlabSchema = z.object({
  card: slabField("Card", 12),
  grader: slabField("Grader", 10),
  cert: slabField("Cert", 20),
  grade: slabField("Grade", 5),
  cost: slabField("Cost", 12),
  fmv: slabField("FMV", 12),
  bin: slabField("Bin", 40),
});
