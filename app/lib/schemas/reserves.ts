import { z } from "zod";

/** The admin's "Build a snapshot now" (docs/decisions/043-proof-of-reserves.md): no fields. */
export const requestSnapshotSchema = z.object({ intent: z.literal("request-snapshot") });

/**
 * The admin's cycle-count form: the bin counted (empty for the whole vault, else 1-40
 * characters), the scanned CSV's text (`grader,cert,bin` header; the file picker fills it) and
 * the file's name, for the record.
 */
export const cycleCountSchema = z.object({
  intent: z.literal("cycle-count"),
  bin: z
    .string()
    .trim()
    .max(40, "A bin is at most 40 characters")
    .optional()
    .transform((bin) => (bin ? bin : null)),
  csv: z
    .string({ error: "Paste or choose the scanned CSV" })
    .min(1, "Paste or choose the scanned CSV"),
  fileName: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((name) => name || "pasted.csv"),
});
