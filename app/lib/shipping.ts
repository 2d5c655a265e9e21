import { formatCents, type Cents } from "./money";

/** Free US shipping from this order value up (docs/product/cart-and-orders.md: "over $100"). */
export const FREE_US_SHIPPING_OVER_CENTS = 10_000;
/** The cheapest US rate (standard, 5-7 business days) and the cheapest international one. */
export const US_STANDARD_CENTS = 599;
export const INTERNATIONAL_STANDARD_CENTS = 1_999;

/**
 * What a product page says about shipping an item of `priceCents`, in the words of /shipping
 * (docs/product/cart-and-orders.md, informational text): over $100, "Free in the US"; otherwise
 * "From $5.99 in the US". International shipping is never free ("from $19.99"), so no page
 * promises "Free worldwide".
 */
export function shippingSummary(priceCents: Cents): string {
  return priceCents > FREE_US_SHIPPING_OVER_CENTS
    ? "Free in the US"
    : `From ${formatCents(US_STANDARD_CENTS)} in the US`;
}
