/** Free US shipping from this order value up (docs/product/cart-and-orders.md: "over $100"). */
export const FREE_US_SHIPPING_OVER_CENTS = 10_000;
/** The cheapest US rate (standard, 5-7 business days) and the cheapest international one. */
export const US_STANDARD_CENTS = 599;
export const INTERNATIONAL_STANDARD_CENTS = 1_999;

/**
 * The one shipping story of the store (docs/product/cart-and-orders.md: the checkout total is
 * the sum of the lines, with no shipping and no tax; orders ship to validated US addresses):
 * the product page, the cart and the checkout review all say this, and /shipping says it above
 * its informational rates.
 */
export const STORE_SHIPPING = "Free to US addresses";
/** The sentence beside a total: what checkout adds (nothing) and where it ships. */
export const STORE_SHIPPING_NOTE =
  "Shipping is free to US addresses and no tax is added: the total is what you pay.";
