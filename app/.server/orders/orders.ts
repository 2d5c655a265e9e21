import { and, asc, desc, eq, inArray } from "drizzle-orm";

import { ownerId } from "../policy/account-ctx";

import type { Ctx } from "../context";

import { orderItems, orderStatusEvents, orders } from "../db/schema";

import { trackingNumberIs, trackingNumberOf } from "./tracking-number";

import type { OrderSummary } from "~/lib/domain/orders";

/** The longest order-id text the tracking form accepts ("#123", "PV-123", "123"). */
const ORDER_REFERENCE = /^\s*(?:#|PV-?)?\s*0*([1-9]\d{0,9})\s*$/i;

/** Only the signed-in user's orders: another user's order id is one that does not exist. */
const ownOrders = (ctx: Ctx) => eq(orders.userId, ownerId(ctx));

/** `where`'s orders of the signed-in user, newest first, each with its lines. */
async function loadOrders(ctx: Ctx, where = ownOrders(ctx)): Promise<OrderSummary[]> {
  const heads = await ctx.db
    .select({
      id: orders.id,
      status: orders.status,
      totalCents: orders.totalCents,
      pointsAwarded: orders.pointsAwarded,
      createdAt: orders.createdAt,
      shippingName: orders.shippingName,
      shippingStreet: orders.shippingStreet,
      shippingCity: orders.shippingCity,
      shippingState: orders.shippingState,
      shippingZip: orders.shippingZip,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (heads.length === 0) return [];
  const orderIds = heads.map((head) => head.id);
  const lines = await ctx.db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const events = await ctx.db
    .select({
      orderId: orderStatusEvents.orderId,
      status: orderStatusEvents.status,
      carrier: orderStatusEvents.carrier,
      trackingNumber: orderStatusEvents.trackingNumber,
      at: orderStatusEvents.createdAt,
    })
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, orderIds))
    .orderBy(asc(orderStatusEvents.id));
  return heads.map(
    ({ shippingName, shippingStreet, shippingCity, shippingState, shippingZip, ...head }) => ({
      ...head,
      shipTo: shippingName
        ? `${shippingName}, ${shippingStreet}, ${shippingCity}, ${shippingState} ${shippingZip}`
        : null,
      history: events
        .filter((event) => event.orderId === head.id)
        .map(({ orderId: _orderId, ...event }) => event),
      items: lines
        .filter((line) => line.orderId === head.id)
        .map(({ orderId: _orderId, ...line }) => ({
          ...line,
          lineTotalCents: line.unitPriceCents * line.quantity,
        })),
    }),
  );
}

/**
 * The signed-in user's orders, newest first, with their lines (the /account Orders tab).
 * @throws DomainError `not_signed_in` (401).
 */
export function listOrders(ctx: Ctx): Promise<OrderSummary[]> {
  return loadOrders(ctx);
}

/**
 * One of the signed-in user's orders, or null when there is none with that id for them.
 * @throws DomainError `not_signed_in` (401).
 */
export async function getOrder(ctx: Ctx, input: { orderId: number }): Promise<OrderSummary | null> {
  const [order] = await loadOrders(ctx, and(ownOrders(ctx), eq(orders.id, input.orderId)));
  return order ?? null;
}

/**
 * The order a tracking query names ("12", "#12", "PV-12", or the tracking number it shipped
 * with), if it is the signed-in user's; null for anything else, so an unknown id and another
 * user's read the same ('No order found').
 * @throws DomainError `not_signed_in` (401).
 */
export async function findOrderForTracking(
  ctx: Ctx,
  input: { query: string },
): Promise<OrderSummary | null> {
  const match = ORDER_REFERENCE.exec(input.query);
  const orderId = match ? Number(match[1]) : NaN;
  if (Number.isSafeInteger(orderId) && orderId <= 2_147_483_647) {
    return getOrder(ctx, { orderId });
  }
  const tracking = trackingNumberOf(input.query);
  if (tracking === null) return null;
  const [order] = await loadOrders(
    ctx,
    and(ownOrders(ctx), trackingNumberIs(orders.trackingNumber, tracking)),
  );
  return order ?? null;
}
