import type { OrderSummary } from "~/lib/domain/orders";
import { Badge } from "~/components/ui/badge";
import { formatCents } from "~/lib/money";
import { Time } from "../ui/time";

/** How an order id is shown and can be typed into Track Your Order: "#12". */
export const orderNumber = (id: number) => `#${id}`;

/** The order's status as a badge ('Pending', 'Shipped', ...). */
export function OrderStatus({ status }: { status: OrderSummary["status"] }) {
  return (
    <Badge>
      <span className="sr-only">Status: </span>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * An order's lines as bought (snapshotted names and unit prices), with quantities, line totals,
 * the order total and the points it earned.
 */
export function OrderLines({ order }: { order: OrderSummary }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Items of order {orderNumber(order.id)}</caption>
      <thead className="text-muted-foreground text-left">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Item
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Quantity
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Unit price
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {order.items.map((item) => (
          <tr key={item.productId}>
            <td className="py-2">{item.productName}</td>
            <td className="py-2 text-right tabular-nums">{item.quantity}</td>
            <td className="py-2 text-right tabular-nums">{formatCents(item.unitPriceCents)}</td>
            <td className="py-2 text-right tabular-nums">{formatCents(item.lineTotalCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t font-semibold">
          <th scope="row" colSpan={3} className="py-2 text-right">
            Order total
          </th>
          <td className="py-2 text-right tabular-nums">{formatCents(order.totalCents)}</td>
        </tr>
        <tr className="text-muted-foreground">
          <th scope="row" colSpan={3} className="py-1 text-right font-normal">
            Reward points earned
          </th>
          <td className="py-1 text-right tabular-nums">{order.pointsAwarded}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** A store order status in words (docs/decisions/009-held-offers-and-payouts.md). */
export const ORDER_STATUS_LABELS: Record<OrderSummary["status"], string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled (refunded)",
  completed: "Completed",
};

/**
 * Where an order ships, its carrier and tracking number once shipped, and its status history,
 * oldest first (docs/decisions/009-held-offers-and-payouts.md).
 */
export function OrderTracking({ order }: { order: OrderSummary }) {
  if (!order.shipTo && order.history.length === 0) return null;
  return (
    <div className="space-y-3 text-sm">
      {order.shipTo ? (
        <p>
          <span className="text-muted-foreground">Ships to: </span>
          {order.shipTo}
        </p>
      ) : null}
      {order.trackingNumber ? (
        <p>
          <span className="text-muted-foreground">Tracking: </span>
          {order.carrier} <span className="font-mono">{order.trackingNumber}</span>
        </p>
      ) : null}
      {order.history.length > 0 ? (
        <ol aria-label={`Status history of order ${orderNumber(order.id)}`} className="space-y-1">
          {order.history.map((event, i) => (
            <li key={i} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{ORDER_STATUS_LABELS[event.status]}</span>
              <Time value={event.at} className="text-muted-foreground" />
              {event.trackingNumber ? (
                <span>
                  {event.carrier} <span className="font-mono">{event.trackingNumber}</span>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/**
 * One store order in full: its number as a heading at `heading`'s level (h3 inside the account's
 * Orders tab, h2 on Track Your Order), when it was placed, its status, lines and tracking.
 */
export function OrderInFull({ order, heading }: { order: OrderSummary; heading: "h2" | "h3" }) {
  const Heading = heading;
  const inTab = heading === "h3";
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-3">
        <Heading className={inTab ? "text-lg font-semibold" : "font-semibold"}>
          Order {orderNumber(order.id)}
        </Heading>
        <span className={inTab ? "text-muted-foreground text-sm" : "text-muted-foreground"}>
          Placed <Time value={order.createdAt} style="date" />
        </span>
        <OrderStatus status={order.status} />
      </div>
      <OrderLines order={order} />
      <OrderTracking order={order} />
    </>
  );
}
