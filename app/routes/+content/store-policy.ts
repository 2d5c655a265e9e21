import { formatCents } from "~/lib/money";
import { BUYBACK_HOURS, BUYBACK_RATE_BP, PLATFORM_FEE_BP } from "~/lib/rates";
import {
  FREE_US_SHIPPING_OVER_CENTS,
  INTERNATIONAL_STANDARD_CENTS,
  US_STANDARD_CENTS,
} from "~/lib/shipping";

/**
 * The store's published terms (docs/product/cart-and-orders.md and docs/product/vault.md), written once for
 * the FAQ, shipping, returns and policy pages. Informational text; the rates come from the
 * constants that rule them.
 */
export const POLICY = {
  lastUpdated: "October 28, 2025",
  processingTime: "1-2 business days",
  freeShippingOver: formatCents(FREE_US_SHIPPING_OVER_CENTS, { compact: true }),
  returnWindowDays: 30,
  refundTime: "5-7 business days",
  paymentMethods: "major credit cards, PayPal, Apple Pay",
  buybackPercent: BUYBACK_RATE_BP / 100,
  buybackHours: BUYBACK_HOURS,
  platformFeePercent: PLATFORM_FEE_BP / 100,
  redemptionShipping: "5-7 business days",
  sidebarCookieDays: 7,
} as const;

/** A shipping service: name, delivery time and price. */
export type ShippingRate = { service: string; time: string; price: string };

export const DOMESTIC_RATES: readonly ShippingRate[] = [
  { service: "Standard", time: "5-7 business days", price: formatCents(US_STANDARD_CENTS) },
  { service: "Express", time: "2-3 business days", price: formatCents(1299) },
  { service: "Overnight", time: "Next business day", price: formatCents(2499) },
];

export const INTERNATIONAL_RATES: readonly ShippingRate[] = [
  {
    service: "Standard",
    time: "10-15 business days",
    price: formatCents(INTERNATIONAL_STANDARD_CENTS),
  },
  { service: "Express", time: "5-7 business days", price: formatCents(3999) },
];
