import type { Cents } from "~/lib/money";

/**
 * A store order's life (docs/decisions/009-held-offers-and-payouts.md, "Paid store orders"):
 * `pending` (paid, waiting) -> `processing` -> `shipped` -> `delivered`, or `cancelled`
 * (refunded, stock restored) before it ships. `completed` is an order placed before orders
 * were paid and shipped; it never changes.
 */
export const ORDER_STATUSES = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "completed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * One of the signed-in user's orders with its lines, where it ships (null on orders placed
 * before checkout asked), its carrier and tracking number once shipped, and its status history.
 */
export type OrderSummary = {
  id: number;
  status: OrderStatus;
  totalCents: Cents;
  pointsAwarded: number;
  createdAt: Date;
  items: OrderLine[];
  shipTo: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  history: OrderEvent[];
};

/** An order line as bought: name and unit price are the snapshots taken at checkout. */
export type OrderLine = {
  productId: number;
  productName: string;
  unitPriceCents: Cents;
  quantity: number;
  lineTotalCents: Cents;
};

/** One step of an order's status history, oldest first. */
export type OrderEvent = {
  status: OrderStatus;
  carrier: string | null;
  trackingNumber: string | null;
  at: Date;
};
