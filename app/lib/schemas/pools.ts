import { z } from "zod";
import { formId } from "./market";

/**
 * The forms of a pack's pool in the admin Packs tab (docs/design.md "Inventory (real slabs)",
 * docs/decisions/041-pool-commitment.md), parsed once at the seam.
 */

/** The most packs one fill may stock a pool for. */
export const POOL_FILL_MAX = 10_000;

/** The most slabs one form may add to or take out of a pool. */
export const POOL_SLABS_MAX = 500;

/** Ticked slabs: one value or several of the same field name; at least one. */
const slabIds = z
  .preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(formId("Slab")).max(POOL_SLABS_MAX, `Choose at most ${POOL_SLABS_MAX} slabs at once`),
  )
  .refine((ids) => ids.length > 0, "Choose at least one slab");

/** add-to-pool / remove-from-pool: the pack and the ticked slabs (`slabIds`, repeated). */
export const poolSlabsSchema = z.object({ packId: formId("Pack"), slabIds });
export type PoolSlabs = z.output<typeof poolSlabsSchema>;

/** fill-pool: stock the pool from house stock for `units` packs at the pack's odds. */
export const fillPoolSchema = z.object({
  packId: formId("Pack"),
  units: z
    .string({ error: "Enter how many packs to stock" })
    .trim()
    .min(1, "Enter how many packs to stock")
    .regex(/^\d{1,5}$/, "Packs must be a whole number")
    .transform(Number)
    .refine(
      (units) => units >= 1 && units <= POOL_FILL_MAX,
      `Packs must be between 1 and ${POOL_FILL_MAX.toLocaleString("en-US")}`,
    ),
});
export type FillPool = z.output<typeof fillPoolSchema>;
