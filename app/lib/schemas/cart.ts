import { z } from "zod";
import { profileDetailsSchema, shippingAddressSchema } from "./account";

/** The most of one product a cart line may hold, whatever the stock (a sanity bound). */
export const CART_QUANTITY_MAX = 999;

/** A positive database id sent by a form ("12"); anything else is refused. */
const id = (label: string) =>
  z
    .string({ error: `${label} is missing` })
    .regex(/^[1-9]\d{0,9}$/, `${label} is not valid`)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, `${label} is not valid`));

/**
 * A cart quantity as typed or sent: a whole number from 1 (docs/product/cart-and-orders.md: updates below 1 are
 * ignored, so 0 and negatives are refused and change nothing) to {@link CART_QUANTITY_MAX}.
 * "1.5", "1e309", "-1" and text are refused with a message; the stock bound is the domain's.
 */
export const cartQuantitySchema = z
  .string({ error: "Quantity is missing" })
  .trim()
  .regex(/^-?\d+$/, "Quantity must be a whole number")
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, "Quantity must be at least 1")
      .max(CART_QUANTITY_MAX, `Quantity must be at most ${CART_QUANTITY_MAX}`),
  );

/**
 * Where a store order ships (docs/decisions/009-held-offers-and-payouts.md): the recipient's
 * full name and a US address with the saved-address rules of /account (2-letter US state,
 * 5-digit ZIP or ZIP+4).
 */
function checkoutAddressShape() {
  return { fullName: profileDetailsSchema.shape.fullName, ...shippingAddressSchema.shape };
}
export const checkoutAddressSchema = z.object(checkoutAddressShape());
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/**
 * Every /cart form (docs/product/cart-and-orders.md), told apart by `intent`:
 * - add: Add to Cart on a product (page or card) — `productId`, `redirectTo` (checked by the
 *   route with safeRedirect);
 * - increment / decrement: the plus and minus controls — `lineId` and the line's new `quantity`
 *   (a target, not a step, so a double click or a retry sets the same quantity);
 * - remove: `lineId`;
 * - checkout: `idempotencyKey`, generated when the page rendered, and the shipping address
 *   ({@link checkoutAddressSchema}).
 */
export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productId: id("Product"),
    redirectTo: z.string().max(2000).optional(),
  }),
  z.object({
    intent: z.literal(["increment", "decrement"]),
    lineId: id("Cart line"),
    quantity: cartQuantitySchema,
  }),
  z.object({ intent: z.literal("remove"), lineId: id("Cart line") }),
  z.object({
    intent: z.literal("checkout"),
    idempotencyKey: z.uuid("This checkout form has expired, please reload the page"),
    ...checkoutAddressShape(),
  }),
]);
export type CartAction = z.infer<typeof cartActionSchema>;
export const [addToCartSchema, cartQuantityFormSchema, removeLineSchema, checkoutSchema] =
  cartActionSchema.options;
