import { z } from "zod";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/**
 * The 'Redeem Physical Card' form (spec packs-marketplace section 5): every field required,
 * State two letters, ZIP Code at most 10 characters, country fixed to USA.
 */
export const redemptionSchema = z.object({
  cardId: z.coerce.number().int().positive(),
  shippingName: required("Full Name", 100),
  shippingAddress: required("Street Address", 200),
  shippingCity: required("City", 100),
  shippingState: required("State", 2)
    .regex(/^[A-Za-z]{2}$/, "State must be 2 letters")
    .transform((state) => state.toUpperCase()),
  shippingZip: required("ZIP Code", 10),
});
export type RedemptionInput = z.input<typeof redemptionSchema>;

/** Spec section 3: shipping_country defaults to USA and the form fixes it. */
export const REDEMPTION_COUNTRY = "USA";
