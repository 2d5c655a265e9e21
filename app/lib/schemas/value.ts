import { z } from "zod";
import { dollarsToCentsSchema } from "./market";

/** A positive database id sent by a form ("12"); anything else is refused. */
const id = (label: string) =>
  z
    .string({ error: `${label} is missing` })
    .regex(/^[1-9]\d{0,14}$/, `${label} is not valid`)
    .transform(Number);

/** Staff's reason for a change to a value (kept in the audit log): 3 to 200 characters. */
const reason = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(3, `${missing} (3 characters or more)`)
    .max(200, "Keep the reason under 200 characters");

/** Staff excluding a comp on a card's page (docs/product/value.md "Excluded comps"). */
export const excludeCompSchema = z.object({
  intent: z.literal("exclude-comp"),
  compId: id("Sale"),
  reason: reason("Say why this sale should not count"),
});

/** Staff importing outside comps (docs/product/value.md "Imported comps"). */
export const importCompsSchema = z.object({
  intent: z.literal("import-comps"),
  format: z.enum(["csv", "json"], { error: "Choose CSV or JSON" }),
  text: z
    .string({ error: "Paste the sales to import" })
    .trim()
    .min(1, "Paste the sales to import")
    .max(1_000_000, "One import takes at most 1 MB: split the file"),
  mode: z.enum(["dry-run", "apply"], { error: "Choose a dry run or apply" }),
});

/**
 * Staff pinning a slab's FMV (`fmv` in dollars, at most $1,000,000) or unpinning it, with the
 * reason the audit log keeps (docs/product/value.md "When values change").
 */
export const pinSlabFmvSchema = z.object({
  slabId: id("Slab"),
  fmv: dollarsToCentsSchema("Enter the pinned FMV", { max: 100_000_000 }),
  reason: reason("Say why this slab's value is pinned"),
});

/** Staff unpinning a slab's FMV: it follows the estimate again. */
export const unpinSlabFmvSchema = z.object({
  slabId: id("Slab"),
  reason: reason("Say why this slab's value follows the estimate again"),
});
