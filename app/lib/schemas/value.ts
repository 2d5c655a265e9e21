import { z } from "zod";

/** A positive database id sent by a form ("12"); anything else is refused. */
const id = (label: string) =>
  z
    .string({ error: `${label} is missing` })
    .regex(/^[1-9]\d{0,14}$/, `${label} is not valid`)
    .transform(Number);

/** Staff excluding a comp on a card's page (docs/product/value.md "Excluded comps"). */
export const excludeCompSchema = z.object({
  intent: z.literal("exclude-comp"),
  compId: id("Sale"),
  reason: z
    .string({ error: "Say why this sale should not count" })
    .trim()
    .min(3, "Say why this sale should not count (3 characters or more)")
    .max(200, "Keep the reason under 200 characters"),
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
});
