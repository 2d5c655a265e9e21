import { z } from "zod";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/**
 * The 'Redeem Physical Card' form (docs/product/vault.md): every field required,
 * State two letters, ZIP Code at most 10 characters (and, the country being fixed to USA, a
 * real US ZIP: 5 digits or ZIP+4, stored as 12345-6789), country fixed to USA.
 */
export const redemptionSchema = z.object({
  cardId: z.coerce.number().int().positive(),
  shippingName: required("Full Name", 100),
  shippingAddress: required("Street Address", 200),
  shippingCity: required("City", 100),
  shippingState: required("State", 2)
    .regex(/^[A-Za-z]{2}$/, "State must be 2 letters")
    .transform((state) => state.toUpperCase()),
  shippingZip: required("ZIP Code", 10)
    .regex(/^\d{5}(?:-?\d{4})?$/, "Enter a 5-digit ZIP code or ZIP+4, like 10001 or 10001-2345")
    .transform((zip) => (zip.length > 5 ? `${zip.slice(0, 5)}-${zip.slice(-4)}` : zip)),
});
/** A redemption as requestRedemption takes it: the form parsed. */
export type Redemption = z.output<typeof redemptionSchema>;

/** docs/product/vault.md: shipping_country defaults to USA and the form fixes it. */
export const REDEMPTION_COUNTRY = "USA";
