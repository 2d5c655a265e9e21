import { randomUUID } from "node:crypto";
import { eq, inArray, sum } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addToCart, listCart, setQuantity } from "~/.server/cart/cart";
import { orderItems, orders, products, rewardTransactions, rewards } from "~/.server/db/schema";
import { buyNow } from "~/.server/market/settlement";
import { checkout } from "~/.server/orders/checkout";
import { findOrderForTracking, getOrder, listOrders } from "~/.server/orders/orders";
import { action } from "~/routes/cart";
import {
  as,
  expectRewardLedgerBalanced,
  formPost,
  makeCollector,
  makeProduct,
  routeContext,
  type Collector,
} from "../helpers/commerce";
import { authForFile, databaseForFile } from "../helpers/file-setup";
import { parsed, refusalOf } from "../helpers/forms";
import { checkoutSchema } from "~/lib/schemas/cart";
import { buyerWith, listedCard } from "../helpers/market";
import { balanceOf, expectLedgerBalanced, fund } from "../helpers/packs";
import { springfieldAddress } from "../helpers/shipping";

const db = databaseForFile();
const auth = authForFile(db);
// After hooks run last-registered first: this one before the database is destroyed.
afterAll(() => expectRewardLedgerBalanced(db));

const productRow = async (id: number) =>
  (await db.db.select().from(products).where(eq(products.id, id)))[0]!;
const ordersOf = (collector: Collector) =>
  db.db.select().from(orders).where(eq(orders.userId, collector.id));
/** The 'Shopper' achievement a first store order unlocks (docs/product/rewards.md, migration 0005). */
const SHOPPER_POINTS = 50;
const pointsOf = async (collector: Collector) =>
  (await db.db.select().from(rewards).where(eq(rewards.userId, collector.id)))[0]?.points ?? 0;

/** A valid shipping address of the checkout form. */
const ADDRESS = springfieldAddress("Ada Collector", "il");
/**
 * A checkout form as the seam parses it: a fresh idempotency key (unless given) and
 * {@link ADDRESS} with `changes`.
 */
const form = (idempotencyKey: string = randomUUID(), changes: Partial<typeof ADDRESS> = {}) =>
  parsed(checkoutSchema, { intent: "checkout", idempotencyKey, ...ADDRESS, ...changes });

/** A collector with `quantity` of a product in the cart and $1,000 in the wallet. */
async function cartWith(productId: number, quantity = 1, options?: { verified?: boolean }) {
  const collector = await makeCollector(db, options);
  await fund(db, collector.id, 100_000);
  await addToCart(as(db, collector), { productId });
  if (quantity > 1) {
    const [line] = (await listCart(as(db, collector))).lines;
    await setQuantity(as(db, collector), { lineId: line!.id, quantity });
  }
  return collector;
}

describe("checkout", () => {
  it("totals from database prices whatever the form says, floors the points, and clears the cart", async () => {
    const card = await makeProduct(db, { name: "Foil Card", priceCents: 1999, stock: 10 });
    const ada = await cartWith(card);
    const answer = (await action({
      request: formPost("/cart", {
        intent: "checkout",
        idempotencyKey: randomUUID(),
        ...ADDRESS,
        totalCents: "1",
        price: "0.01",
        unitPriceCents: "1",
      }),
      params: {},
      context: routeContext(db, auth, ada),
    } as Parameters<typeof action>[0])) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/account?tab=orders");

    const [order] = await ordersOf(ada);
    expect(order).toMatchObject({
      totalCents: 1999,
      pointsAwarded: 19,
      status: "pending",
      shippingName: "Ada Collector",
      shippingState: "IL",
      shippingZip: "62701",
    });
    // Paid from the wallet in the same transaction.
    expect(await balanceOf(db, ada.id)).toBe(100_000 - 1999);
    expect(await db.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))).toEqual([
      expect.objectContaining({ productName: "Foil Card", unitPriceCents: 1999, quantity: 1 }),
    ]);
    expect(
      await db.db.select().from(rewardTransactions).where(eq(rewardTransactions.userId, ada.id)),
    ).toEqual([
      expect.objectContaining({
        points: 19,
        type: "purchase",
        description: "Purchase of $19.99",
        orderId: order!.id,
      }),
      // A first store order also unlocks 'Shopper' (docs/product/rewards.md).
      expect.objectContaining({
        points: 50,
        type: "achievement",
        reference: "achievement:first_order",
      }),
    ]);
    expect((await db.db.select().from(rewards).where(eq(rewards.userId, ada.id)))[0]).toMatchObject(
      { points: 69, totalEarned: 69 },
    );
    expect((await listCart(as(db, ada))).lines).toEqual([]);
    expect(await productRow(card)).toMatchObject({ stock: 9, unitsSold: 1 });
  });

  it("lists the user's orders newest first and tracks only their own", async () => {
    const pin = await makeProduct(db, { name: "Enamel Pin", priceCents: 550, stock: 10 });
    const ada = await cartWith(pin, 2);
    const first = await checkout(as(db, ada), form());
    await addToCart(as(db, ada), { productId: pin });
    const second = await checkout(as(db, ada), form());
    expect(first).toMatchObject({ totalCents: 1100, pointsAwarded: 11 });
    const list = await listOrders(as(db, ada));
    expect(list.map((order) => order.id)).toEqual([second.orderId, first.orderId]);
    expect(list[1]!.items).toEqual([
      {
        productId: pin,
        productName: "Enamel Pin",
        unitPriceCents: 550,
        quantity: 2,
        lineTotalCents: 1100,
      },
    ]);
    expect(await pointsOf(ada)).toBe(16 + SHOPPER_POINTS);

    const bob = await makeCollector(db);
    expect(await getOrder(as(db, bob), { orderId: first.orderId })).toBeNull();
    expect(await findOrderForTracking(as(db, bob), { query: `#${first.orderId}` })).toBeNull();
    expect(await findOrderForTracking(as(db, bob), { query: "#2147483000" })).toBeNull();
    expect(await findOrderForTracking(as(db, ada), { query: "not an id" })).toBeNull();
    expect((await findOrderForTracking(as(db, ada), { query: ` #${first.orderId} ` }))?.id).toBe(
      first.orderId,
    );
  });

  it("fails the whole checkout when a line exceeds the stock, naming the product", async () => {
    const plenty = await makeProduct(db, { name: "Common Card", priceCents: 300, stock: 10 });
    const scarce = await makeProduct(db, { name: "Scarce Figure", priceCents: 4000, stock: 3 });
    const ada = await cartWith(scarce, 3);
    await addToCart(as(db, ada), { productId: plenty });
    await db.db.update(products).set({ stock: 2 }).where(eq(products.id, scarce));

    await expect(checkout(as(db, ada), form())).rejects.toMatchObject({
      code: "insufficient_stock",
      message: "Only 2 left of Scarce Figure",
      status: 409,
    });
    expect(await ordersOf(ada)).toEqual([]);
    expect(await pointsOf(ada)).toBe(0);
    expect(await productRow(plenty)).toMatchObject({ stock: 10, unitsSold: 0 });
    expect(await productRow(scarce)).toMatchObject({ stock: 2, unitsSold: 0 });
    expect((await listCart(as(db, ada))).lines.map((line) => line.quantity)).toEqual([3, 1]);
  });

  it("does nothing for an empty cart or an unverified email", async () => {
    const ada = await makeCollector(db);
    await expect(checkout(as(db, ada), form())).rejects.toMatchObject({
      code: "cart_empty",
      message: "Your cart is empty",
    });
    expect(await ordersOf(ada)).toEqual([]);

    const product = await makeProduct(db, { name: "Locked Card", priceCents: 100, stock: 5 });
    const unverified = await cartWith(product, 1, { verified: false });
    await expect(checkout(as(db, unverified), form())).rejects.toMatchObject({
      code: "email_not_verified",
      message: "Please verify your email to check out",
      status: 403,
    });
    expect(await ordersOf(unverified)).toEqual([]);
    expect((await listCart(as(db, unverified))).lines).toHaveLength(1);
  });
});

describe("checkout under concurrency", () => {
  it("never loses a line added to the cart while a checkout runs", async () => {
    for (let round = 0; round < 5; round++) {
      const first = await makeProduct(db, { name: `Ordered ${round}`, priceCents: 500, stock: 5 });
      const late = await makeProduct(db, {
        name: `Added late ${round}`,
        priceCents: 700,
        stock: 5,
      });
      const ada = await cartWith(first);
      const [placed] = await Promise.all([
        checkout(as(db, ada), form()),
        addToCart(as(db, ada), { productId: late }),
      ]);
      const ordered = await db.db
        .select({ productId: orderItems.productId })
        .from(orderItems)
        .where(eq(orderItems.orderId, placed.orderId));
      const inCart = (await listCart(as(db, ada))).lines.map((line) => line.productId);
      // The late line was either part of the order or is still in the cart: never both, never neither.
      const orderedLate = ordered.some((item) => item.productId === late);
      expect(orderedLate !== inCart.includes(late)).toBe(true);
      expect(ordered.some((item) => item.productId === first)).toBe(true);
    }
  });

  it("pays for an order while a sale of the same collector's listing pays them (no deadlock)", async () => {
    // The sale awards the seller points, then pays them; the checkout must take the rewards row
    // before the wallet too, or the two wait for each other (rewards rows before wallets).
    const product = await makeProduct(db, { name: "Sleeves", priceCents: 500, stock: 100 });
    for (let round = 0; round < 8; round++) {
      const { seller, listingId } = await listedCard(db, "30.00");
      await fund(db, seller.id, 10_000);
      await addToCart(as(db, seller), { productId: product });
      const buyer = await buyerWith(db, 10_000);
      const [placed, sale] = await Promise.all([
        checkout(as(db, seller), form()),
        buyNow(as(db, buyer), { listingId, expectedPriceCents: 3_000 }),
      ]);
      expect(placed.totalCents).toBe(500);
      expect(sale.status).toBe("completed");
      // $100 funded - $5 order + the seller's share of the $30 sale.
      expect(await balanceOf(db, seller.id)).toBe(10_000 - 500 + sale.sellerAmountCents);
    }
    await expectLedgerBalanced(db);
  });

  it("places one order for 20 parallel submissions of the same form", async () => {
    const product = await makeProduct(db, { name: "Double Click", priceCents: 2500, stock: 50 });
    const ada = await cartWith(product, 2);
    const idempotencyKey = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => checkout(as(db, ada), form(idempotencyKey))),
    );
    const [order] = await ordersOf(ada);
    expect(await ordersOf(ada)).toHaveLength(1);
    expect(new Set(results.map((result) => result.orderId))).toEqual(new Set([order!.id]));
    expect(results.every((result) => result.pointsAwarded === 50)).toBe(true);
    expect(await pointsOf(ada)).toBe(50 + SHOPPER_POINTS);
    expect(await productRow(product)).toMatchObject({ stock: 48, unitsSold: 2 });

    const eve = await makeCollector(db);
    await fund(db, eve.id, 100_000);
    await addToCart(as(db, eve), { productId: product });
    await expect(checkout(as(db, eve), form(idempotencyKey))).rejects.toMatchObject({
      code: "idempotency_conflict",
    });
  });

  it("sells exactly 5 units to 50 buyers racing for a product with 5 left", async () => {
    const product = await makeProduct(db, { name: "Grail Card", priceCents: 10_000, stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => cartWith(product)));
    const results = await Promise.allSettled(
      buyers.map((buyer) => checkout(as(db, buyer), form())),
    );
    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(placed).toHaveLength(5);
    for (const failure of refused) {
      expect(failure.reason).toMatchObject({
        code: "insufficient_stock",
        message: expect.stringContaining("Grail Card"),
      });
    }
    expect(await productRow(product)).toMatchObject({ stock: 0, unitsSold: 5 });
    const buyerIds = buyers.map((buyer) => buyer.id);
    const sold = await db.db
      .select({ units: sum(orderItems.quantity).mapWith(Number) })
      .from(orderItems)
      .where(eq(orderItems.productId, product));
    expect(sold[0]!.units).toBe(5);
    expect(await db.db.select().from(orders).where(inArray(orders.userId, buyerIds))).toHaveLength(
      5,
    );
    const points = await db.db.select().from(rewards).where(inArray(rewards.userId, buyerIds));
    expect(points.map((row) => row.points)).toEqual(Array(5).fill(100 + SHOPPER_POINTS));
    await expectRewardLedgerBalanced(db);
    await expectLedgerBalanced(db);
  });
});

describe("paying for an order", () => {
  it("refuses 'Insufficient balance' and creates nothing: no order, stock, points or cart change", async () => {
    const card = await makeProduct(db, { name: "Pricey Card", priceCents: 5_000, stock: 3 });
    const ada = await makeCollector(db);
    await fund(db, ada.id, 4_999);
    await addToCart(as(db, ada), { productId: card });
    await expect(checkout(as(db, ada), form())).rejects.toMatchObject({
      code: "insufficient_balance",
      message: "Insufficient balance",
      status: 402,
    });
    expect(await ordersOf(ada)).toEqual([]);
    expect(await balanceOf(db, ada.id)).toBe(4_999);
    expect(await pointsOf(ada)).toBe(0);
    expect(await productRow(card)).toMatchObject({ stock: 3, unitsSold: 0 });
    expect((await listCart(as(db, ada))).lines).toHaveLength(1);
  });

  it("refuses a bad address with the saved-address rules (the seam's schema)", () => {
    const refusals: [Record<string, string>, string][] = [
      [{ state: "ZZ" }, "Enter a 2-letter US state code, like NY"],
      [{ zip: "1234" }, "Enter a 5-digit ZIP code or ZIP+4, like 10001 or 10001-2345"],
      [{ street: "  " }, "Please enter your street address"],
    ];
    for (const [fields, message] of refusals) {
      const fieldsSent = {
        intent: "checkout",
        idempotencyKey: randomUUID(),
        ...ADDRESS,
        ...fields,
      };
      expect(refusalOf(checkoutSchema, fieldsSent)).toBe(message);
    }
  });

  it("records the first status and the shipping address on the order", async () => {
    const card = await makeProduct(db, { name: "Tracked Card", priceCents: 700, stock: 3 });
    const ada = await cartWith(card);
    const { orderId } = await checkout(as(db, ada), form(undefined, { zip: "627011234" }));
    const order = await getOrder(as(db, ada), { orderId });
    expect(order).toMatchObject({
      status: "pending",
      shipTo: "Ada Collector, 1 Main St, Springfield, IL 62701-1234",
      carrier: null,
      trackingNumber: null,
      history: [expect.objectContaining({ status: "pending" })],
    });
    await expectLedgerBalanced(db);
  });
});
