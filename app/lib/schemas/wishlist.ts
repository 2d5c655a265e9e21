import { z } from "zod";

/** Row ids of the database's integer columns: 1 to 2^31 - 1. */
export const recordIdSchema = z.coerce
  .number({ error: "Please choose an item" })
  .int("Please choose an item")
  .min(1, "Please choose an item")
  .max(2_147_483_647, "Please choose an item");

/**
 * The Wishlist toggle (docs/product/catalogue.md: an item toggles between wishlisted and not).
 * `wishlisted` is the state the user asked for ("true" to add, "false" to remove), so a double
 * submit lands on the same state instead of flipping back; `redirectTo` is the page to return to.
 */
export const wishlistToggleSchema = z.object({
  intent: z.literal("toggle-wishlist"),
  productId: recordIdSchema,
  wishlisted: z.enum(["true", "false"]).transform((value) => value === "true"),
  redirectTo: z.string().max(2000).optional(),
});

export type WishlistToggleInput = z.input<typeof wishlistToggleSchema>;
