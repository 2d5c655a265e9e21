import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/** A tracking number as carriers print them: letters and digits, 8 to 64. */
const TRACKING_NUMBER = /^[A-Za-z0-9]{8,64}$/;

/**
 * The tracking number a /track-order query names, with spaces and dashes dropped ("1Z 999-AA1"
 * reads "1Z999AA1"), or null when it cannot be one (docs/product/cart-and-orders.md, Track Your
 * Order).
 */
export function trackingNumberOf(query: string): string | null {
  const tracking = query.replace(/[\s-]/g, "");
  return TRACKING_NUMBER.test(tracking) ? tracking : null;
}

/** `column` holds `tracking` (from {@link trackingNumberOf}), spaces and dashes aside. */
export const trackingNumberIs = (column: AnyColumn, tracking: string): SQL =>
  sql`replace(replace(${column}, ' ', ''), '-', '') = ${tracking}`;
