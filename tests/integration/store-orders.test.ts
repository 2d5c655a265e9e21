// Paid store orders after checkout (docs/decisions/009-held-offers-and-payouts.md): an admin
// moves an order pending -> processing -> shipped (carrier and tracking number) -> delivered,
// audited, and the buyer sees the history and tracking; cancelling before it ships refunds the
// wallet and restores the stock exactly once, also when two admins cancel at once (a race on
// PostgreSQL; a queue on PGlite). The ledger checker runs after each.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "~/.server/cart/cart";
import { adminAuditLog, products } from "~/.server/db/schema";
import { checkout } from "~/.server/orders/checkout";
import { listStoreOrders } from "~/.server/orders/fulfilment";
import { findOrderForTracking, getOrder } from "~/.server/orders/orders";
import { as, makeCollector, makeProduct } from "../helpers/commerce";
import { expectFormRefused, updateStoreOrderForm } from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { balanceOf, expectLedgerBalanced, fundedCollector, settle } from "../helpers/packs";
import { springfieldCheckout } from "../helpers/shipping";

const db = databaseForFile();
const admin = staffForFile(db, "admin");

const asAdmin = () => db.ctx({ actor: { userId: admin.id, role: "admin" } });
const stockOf = async (id: number) =>
  (await db.db.select().from(products).where(eq(products.id, id)))[0]!;

/** A buyer with $100 who bought 2 of a $12.50 product (stock 10): the order id and product. */
async function placedOrder() {
  const buyer = await fundedCollector(db, 10_000);
  const productId = await makeProduct(db, {
    name: `Poster ${randomUUID().slice(0, 4)}`,
    priceCents: 1_250,
    stock: 10,
  });
  await addToCart(as(db, buyer), { productId });
  await addToCart(as(db, buyer), { productId });
  const { orderId } = await checkout(as(db, buyer), {
    ...springfieldCheckout(),
  });
  return { buyer, productId, orderId };
}

const move = (orderId: number, status: string, extra: Record<string, string> = {}) =>
  updateStoreOrderForm(asAdmin(), { orderId: String(orderId), status, ...extra });

describe("fulfilling an order", () => {
  it("moves forward with tracking the buyer sees, each step in the history and audited", async () => {
    const { buyer, orderId } = await placedOrder();
    await move(orderId, "processing");
    await expectFormRefused(
      db,
      admin,
      "update-order",
      { orderId: String(orderId), status: "shipped" },
      "Enter the carrier and tracking number to ship",
    );
    await move(orderId, "shipped", { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await move(orderId, "delivered");
    const order = await getOrder(as(db, buyer), { orderId });
    expect(order).toMatchObject({
      status: "delivered",
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(order!.history.map((event) => event.status)).toEqual([
      "pending",
      "processing",
      "shipped",
      "delivered",
    ]);
    expect(order!.history[2]).toMatchObject({
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect((await findOrderForTracking(as(db, buyer), { query: "1Z999AA10123456784" }))?.id).toBe(
      orderId,
    );
    const stranger = await makeCollector(db);
    expect(
      await findOrderForTracking(as(db, stranger), { query: "1Z999AA10123456784" }),
    ).toBeNull();
    const audits = await db.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(orderId)));
    expect(audits.map((row) => row.action)).toEqual([
      "order.update",
      "order.update",
      "order.update",
    ]);
    // Backwards is refused; a delivered order cannot be cancelled.
    await expect(move(orderId, "processing")).rejects.toMatchObject({
      code: "order_status_unavailable",
      status: 409,
    });
    await expect(move(orderId, "cancelled")).rejects.toMatchObject({
      code: "order_status_unavailable",
      message: "Only an order that has not shipped can be cancelled",
    });
    await expectLedgerBalanced(db);
  });

  it("cancelling refunds the wallet and restores the stock, once", async () => {
    const { buyer, productId, orderId } = await placedOrder();
    expect(await balanceOf(db, buyer.id)).toBe(7_500);
    expect(await stockOf(productId)).toMatchObject({ stock: 8, unitsSold: 2 });
    const { fulfilled, rejected } = await settle([
      move(orderId, "cancelled"),
      move(orderId, "cancelled"),
      move(orderId, "cancelled"),
    ]);
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(2);
    expect(await balanceOf(db, buyer.id)).toBe(10_000);
    expect(await stockOf(productId)).toMatchObject({ stock: 10, unitsSold: 0 });
    expect((await getOrder(as(db, buyer), { orderId }))?.status).toBe("cancelled");
    await expectLedgerBalanced(db);
  });

  it("lists orders to staff and refuses changes to anyone but an admin", async () => {
    const { buyer, orderId } = await placedOrder();
    const page = await listStoreOrders(asAdmin(), { page: 1, q: buyer.email });
    expect(page.rows).toEqual([
      expect.objectContaining({
        id: orderId,
        status: "pending",
        totalCents: 2_500,
        items: 2,
        shipTo: "Ada Collector, 1 Main St, Springfield, IL 62701",
      }),
    ]);
    const moderator = await makeCollector(db);
    await expect(
      updateStoreOrderForm(db.ctx({ actor: { userId: moderator.id, role: "moderator" } }), {
        orderId: String(orderId),
        status: "processing",
      }),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(
      updateStoreOrderForm(as(db, buyer), { orderId: String(orderId), status: "cancelled" }),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
    expect((await getOrder(as(db, buyer), { orderId }))?.status).toBe("pending");
  });
});
