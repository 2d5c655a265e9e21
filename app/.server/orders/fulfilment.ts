import { notify, ORDERS_LINK } from "../notifications/notify";
import { formatCents } from "~/lib/money";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../policy/audit";
import { mapPage, readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { orderItems, orderStatusEvents, orders, products, profiles } from "../db/schema";
import type { OrderStatus } from "~/lib/domain/orders";
import { DomainError } from "../errors";
import { postMovement } from "../wallet/ledger";
import type { Cents } from "~/lib/money";
import { type AdminOrderStatus, type OrderUpdate } from "~/lib/schemas/admin";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";

/**
 * From which statuses an order may move to each (docs/decisions/009-held-offers-and-payouts.md):
 * forward only, and cancelled only before it ships. A shipped order may be "shipped" again to
 * correct its carrier or tracking number.
 */
const ALLOWED_FROM: Record<AdminOrderStatus, OrderStatus[]> = {
  processing: ["pending"],
  shipped: ["pending", "processing", "shipped"],
  delivered: ["shipped"],
  cancelled: ["pending", "processing"],
};

/** One row of the Orders tab. */
export type AdminOrder = {
  id: number;
  status: OrderStatus;
  totalCents: Cents;
  items: number;
  buyerEmail: string | null;
  shipTo: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * One page of store orders, newest first, matching `q` in the buyer's email, the recipient's
 * name or the tracking number (admin Orders tab).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listStoreOrders(
  ctx: Ctx,
  { page, q }: PageQuery,
): Promise<Paged<AdminOrder>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [profiles.email, orders.shippingName, orders.trackingNumber]);
  const matches = ctx.db
    .select({
      order: orders,
      buyerEmail: profiles.email,
      items: sql<number>`(select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = ${orders}.id)::int`,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(where)
    .$dynamic();
  const paged = await readPage(ctx.db, page, matches, desc(orders.createdAt), desc(orders.id));
  return mapPage(paged, ({ order: o, buyerEmail, items }) => ({
    id: o.id,
    status: o.status,
    totalCents: o.totalCents,
    items: Number(items),
    buyerEmail,
    shipTo: o.shippingName
      ? `${o.shippingName}, ${o.shippingStreet}, ${o.shippingCity}, ${o.shippingState} ${o.shippingZip}`
      : null,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  }));
}

const orderUnavailable = (status: AdminOrderStatus) =>
  new DomainError(
    "order_status_unavailable",
    status === "cancelled"
      ? "Only an order that has not shipped can be cancelled"
      : `This order cannot move to ${status} from its current status`,
    409,
  );

/**
 * An admin moves a store order on (docs/decisions/009-held-offers-and-payouts.md), in ONE
 * transaction with a history row and an audit row: a conditional update from the statuses
 * {@link ALLOWED_FROM} allows, so two admins at once change it once. Shipping sets the carrier
 * and tracking number. Cancelling (before it ships) refunds the paid total from the platform to
 * the buyer's wallet (`order_refund`) and restores the stock of every line, exactly once (only
 * the update that won does it). Points already awarded stay.
 * Takes `updateOrderSchema`'s output (the seam parsed the form).
 * @throws DomainError `order_not_found` (404), `order_status_unavailable` (409),
 * `buyer_deleted` (409) when cancelling an order whose buyer deleted their account, `forbidden`
 * (403) for anyone but an admin.
 */
export async function updateStoreOrder(ctx: Ctx, form: OrderUpdate): Promise<void> {
  const admin = requireStaff(ctx, "manageOrders");
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select().from(orders).where(eq(orders.id, form.orderId));
    if (!before) throw new DomainError("order_not_found", "Order not found", 404);
    const shipping = form.status === "shipped";
    const [after] = await tx.db
      .update(orders)
      .set({
        status: form.status,
        ...(shipping ? { carrier: form.carrier, trackingNumber: form.trackingNumber } : {}),
        updatedAt: tx.now(),
      })
      .where(and(eq(orders.id, form.orderId), inArray(orders.status, ALLOWED_FROM[form.status])))
      .returning();
    if (!after) throw orderUnavailable(form.status);
    await tx.db.insert(orderStatusEvents).values({
      orderId: after.id,
      status: after.status,
      carrier: shipping ? after.carrier : null,
      trackingNumber: shipping ? after.trackingNumber : null,
      actorId: admin.userId,
      createdAt: tx.now(),
    });
    await notifyOrderStatus(tx, after);
    if (form.status === "cancelled") {
      await refundAndRestock(tx, after);
      invalidatePagesAfterCommit(tx, [pageTags.catalogue]); // the units are back in stock
    }
    await recordAudit(tx, {
      action: "order.update",
      targetType: "order",
      targetId: after.id,
      before: {
        status: before.status,
        carrier: before.carrier,
        trackingNumber: before.trackingNumber,
      },
      after: { status: after.status, carrier: after.carrier, trackingNumber: after.trackingNumber },
    });
  });
  ctx.log.info({ orderId: form.orderId, status: form.status, by: admin.userId }, "order updated");
}

/** Tells the buyer their order moved on (shipped with the carrier and tracking number). */
async function notifyOrderStatus(tx: TxCtx, order: typeof orders.$inferSelect): Promise<void> {
  const id = order.id;
  const texts: Record<AdminOrderStatus, { title: string; body: string }> = {
    processing: {
      title: `Order #${id} is being prepared`,
      body: `We are packing your order #${id}. We will tell you when it ships.`,
    },
    shipped: {
      title: `Order #${id} has shipped`,
      body: `Your order #${id} is on its way with ${order.carrier}, tracking number ${order.trackingNumber}.`,
    },
    delivered: {
      title: `Order #${id} was delivered`,
      body: `Your order #${id} was delivered. Enjoy your collection!`,
    },
    cancelled: {
      title: `Order #${id} was cancelled`,
      body: `Your order #${id} was cancelled and ${formatCents(order.totalCents)} went back to your wallet.`,
    },
  };
  const status = order.status as AdminOrderStatus;
  const text = texts[status];
  if (!text) return;
  await notify(tx, {
    userId: order.userId,
    kind: `order.${status}`,
    ...text,
    link: ORDERS_LINK,
    key:
      status === "shipped"
        ? `order:${id}:shipped:${order.carrier}:${order.trackingNumber}`
        : `order:${id}:${status}`,
  });
}

/** A cancelled order's stock goes back (by product id) and its total back to the buyer. */
async function refundAndRestock(
  tx: Pick<TxCtx, "db">,
  order: typeof orders.$inferSelect,
): Promise<void> {
  if (order.totalCents > 0 && !order.userId) {
    throw new DomainError(
      "buyer_deleted",
      "The buyer deleted their account: this order cannot be refunded",
      409,
    );
  }
  const lines = await tx.db
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productId));
  for (const line of lines) {
    await tx.db
      .update(products)
      .set({
        stock: sql`${products.stock} + ${line.quantity}`,
        unitsSold: sql`greatest(${products.unitsSold} - ${line.quantity}, 0)`,
      })
      .where(eq(products.id, line.productId));
  }
  if (order.totalCents > 0) {
    await postMovement(tx.db, {
      kind: "order_refund",
      reference: `order:${order.id}`,
      description: `Refund of cancelled store order #${order.id}`,
      legs: [
        { account: "platform", amountCents: -order.totalCents },
        { account: { userId: order.userId! }, amountCents: order.totalCents },
      ],
    });
  }
}
