import { ArrowLeft, PackageOpen } from "lucide-react";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import type { loader as accountLoader } from "../account";
import { Section } from "./section";
import { OrderInFull, OrderStatus, orderNumber } from "~/components/orders/order-details";
import { Button } from "~/components/ui/button";
import { formatCents } from "~/lib/money";
import { Time } from "~/components/ui/time";

type Order = Awaited<ReturnType<typeof accountLoader>>["orders"][number];

/** One order in the history: number, date, status, total, and its items at a glance. */
function OrderRow({ order }: { order: Order }) {
  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="font-semibold">Order {orderNumber(order.id)}</h3>
        <Time value={order.createdAt} style="date" className="text-muted-foreground text-sm" />
        <OrderStatus status={order.status} />
        <span className="ml-auto font-bold tabular-nums">{formatCents(order.totalCents)}</span>
      </div>
      <ul className="text-muted-foreground text-sm">
        {order.items.map((item) => (
          <li key={item.productId}>
            {item.productName} × {item.quantity} at {formatCents(item.unitPriceCents)}
          </li>
        ))}
      </ul>
      <Link
        to={`?tab=orders&order=${order.id}`}
        className="text-accent text-sm underline"
        aria-label={`View details of order ${orderNumber(order.id)}`}
      >
        View details
      </Link>
    </li>
  );
}

/** One order in full (`?tab=orders&order=ID`), or 'No order found' for an id not in the list. */
function OrderDetail({ order }: { order: Order | undefined }) {
  return (
    <div className="space-y-4">
      <Link to="?tab=orders" className="text-accent inline-flex items-center gap-1 text-sm">
        <ArrowLeft className="size-4" aria-hidden="true" /> All orders
      </Link>
      {order ? <OrderInFull order={order} heading="h3" /> : <p>No order found</p>}
    </div>
  );
}

/**
 * The Orders tab (docs/product/cart-and-orders.md): the user's orders newest first with date, items,
 * quantities, unit prices, total and status; `?order=ID` opens one order's detail.
 */
export function OrdersTab() {
  const orders = useRouteLoaderData<typeof accountLoader>("routes/account")?.orders ?? [];
  const [searchParams] = useSearchParams();
  const selected = searchParams.get("order");
  return (
    <Section id="orders" title="Orders" description="Orders you place in the shop appear here.">
      {selected !== null ? (
        <OrderDetail order={orders.find((order) => String(order.id) === selected)} />
      ) : orders.length > 0 ? (
        <ul aria-label="Your orders" className="divide-y rounded-lg border">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
          <PackageOpen className="text-muted-foreground size-10" aria-hidden="true" />
          <p className="font-medium">No orders yet</p>
          <p className="text-muted-foreground max-w-sm text-sm">
            Find something for your collection and it will show up here once you check out.
          </p>
          <Button asChild variant="outline">
            <Link to="/products">Browse the shop</Link>
          </Button>
        </div>
      )}
    </Section>
  );
}
