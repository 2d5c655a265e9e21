import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { headerCounts } from "~/.server/account/header-counts";
import { addToCart, listCart, removeLine, setQuantity } from "~/.server/cart/cart";
import { cartItems, products } from "~/.server/db/schema";
import { action, loader } from "~/routes/cart";
import { as, makeCollector, makeProduct, routeContext, type Collector } from "../helpers/commerce";
import { databaseForFile, authForFile } from "../helpers/file-setup";
import { OPEN_REDIRECTS } from "../helpers/open-redirects";
import { postToAction, statusOf, type ActionAnswer } from "../helpers/route-post";

const db = databaseForFile();
const auth = authForFile(db);

type Answer = ActionAnswer<{ toasts: { title: string; description?: string }[] }>;

/** POSTs a /cart form as `collector` (null: a visitor); a thrown redirect is returned. */
const post = (collector: Collector | null, fields: Record<string, string>) =>
  postToAction<Answer>(action, "/cart", routeContext(db, auth, collector), fields);
const errorOf = (answer: Answer) =>
  answer instanceof Response ? null : answer.data.toasts[0]?.description;

const quantityOf = async (lineId: number) =>
  (await db.db.select().from(cartItems).where(eq(cartItems.id, lineId)))[0]?.quantity;

describe("adding to the cart", () => {
  it("keeps one line per user and product: add twice gives quantity 2", async () => {
    const ada = await makeCollector(db);
    const productId = await makeProduct(db, { name: "Holo Dragon", priceCents: 1999, stock: 5 });
    await addToCart(as(db, ada), { productId });
    await addToCart(as(db, ada), { productId });
    const cart = await listCart(as(db, ada));
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ productId, quantity: 2, lineTotalCents: 3998 });
    expect(cart.totalCents).toBe(3998);
    expect(await headerCounts(as(db, ada))).toMatchObject({ cartUnits: 2, walletBalanceCents: 0 });
    expect(await headerCounts(db.ctx())).toEqual({
      cartUnits: 0,
      walletBalanceCents: null,
      unreadNotifications: 0,
    });
  });

  it("never adds past the stock and names the product", async () => {
    const ada = await makeCollector(db);
    const productId = await makeProduct(db, { name: "Last Comic", priceCents: 500, stock: 1 });
    await addToCart(as(db, ada), { productId });
    await expect(addToCart(as(db, ada), { productId })).rejects.toMatchObject({
      code: "insufficient_stock",
      message: "Only 1 left of Last Comic",
      status: 409,
    });
    const soldOut = await makeProduct(db, { name: "Gone Figure", priceCents: 500, stock: 0 });
    await expect(addToCart(as(db, ada), { productId: soldOut })).rejects.toMatchObject({
      message: "Gone Figure is out of stock",
    });
    await expect(addToCart(as(db, ada), { productId: 999_999 })).rejects.toMatchObject({
      code: "product_not_found",
    });
    expect((await listCart(as(db, ada))).lines.map((line) => line.quantity)).toEqual([1]);
  });

  it("answers Add to Cart with a redirect to the same-site redirectTo and a flash toast", async () => {
    const ada = await makeCollector(db);
    const productId = await makeProduct(db, { name: "Pin", priceCents: 100, stock: 50 });
    const fields = { intent: "add", productId: String(productId) };
    const added = (await post(ada, { ...fields, redirectTo: "/product/7?x=1" })) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/product/7?x=1");
    expect(added.headers.get("Set-Cookie")).toContain("packvault.toast=");
    // Every action's redirectTo goes through the seam's one safeRedirect: each variant falls
    // back to the route's home.
    for (const redirectTo of OPEN_REDIRECTS) {
      const offSite = (await post(ada, { ...fields, redirectTo })) as Response;
      expect(offSite.headers.get("Location"), JSON.stringify(redirectTo)).toBe("/cart");
    }
    expect((await headerCounts(as(db, ada))).cartUnits).toBe(1 + OPEN_REDIRECTS.length);
  });

  it("sends a visitor to /auth, back to where they were", async () => {
    const productId = await makeProduct(db, { name: "Visitor Pin", priceCents: 100, stock: 3 });
    const answer = (await post(null, {
      intent: "add",
      productId: String(productId),
      redirectTo: "/product/1",
    })) as Response;
    expect(answer.headers.get("Location")).toBe("/auth?redirectTo=/product/1");
    const page = await Promise.resolve(
      loader({
        request: new Request("http://localhost:3000/cart"),
        params: {},
        context: routeContext(db, auth, null),
      } as Parameters<typeof loader>[0]),
    ).catch((thrown: unknown) => thrown as Response);
    expect((page as Response).headers.get("Location")).toBe("/auth?redirectTo=%2Fcart");
  });
});

describe("quantities", () => {
  it.each(["0", "-1", "1.5", "1e309", "abc", "", "99999999999999999999"])(
    "refuses quantity %j with a 400 and changes nothing",
    async (quantity) => {
      const ada = await makeCollector(db);
      const productId = await makeProduct(db, { name: "Card", priceCents: 250, stock: 5 });
      await addToCart(as(db, ada), { productId });
      const [line] = (await listCart(as(db, ada))).lines;
      const answer = await post(ada, { intent: "decrement", lineId: String(line!.id), quantity });
      expect(statusOf(answer)).toBe(400);
      expect(errorOf(answer)).toMatch(/^Quantity /);
      expect(await quantityOf(line!.id)).toBe(1);
    },
  );

  it("sets whole quantities from 1 to the stock and refuses more, naming the product", async () => {
    const ada = await makeCollector(db);
    const productId = await makeProduct(db, { name: "Rare Slab", priceCents: 250, stock: 3 });
    await addToCart(as(db, ada), { productId });
    const [line] = (await listCart(as(db, ada))).lines;
    const lineId = String(line!.id);
    expect(statusOf(await post(ada, { intent: "increment", lineId, quantity: "3" }))).toBe(302);
    expect(await quantityOf(line!.id)).toBe(3);
    const tooMany = await post(ada, { intent: "increment", lineId, quantity: "4" });
    expect(statusOf(tooMany)).toBe(409);
    expect(errorOf(tooMany)).toBe("Only 3 left of Rare Slab");
    expect(statusOf(await post(ada, { intent: "decrement", lineId, quantity: "2" }))).toBe(302);
    expect(await quantityOf(line!.id)).toBe(2);
    await expect(setQuantity(as(db, ada), { lineId: line!.id, quantity: 0 })).rejects.toMatchObject(
      { code: "invalid_quantity", status: 400 },
    );
    expect(await quantityOf(line!.id)).toBe(2);
  });

  it("answers an unknown intent with a 400", async () => {
    const ada = await makeCollector(db);
    expect(statusOf(await post(ada, { intent: "empty-everything" }))).toBe(400);
  });
});

describe("another user's cart", () => {
  it("treats another user's line id exactly like one that does not exist", async () => {
    const ada = await makeCollector(db);
    const bob = await makeCollector(db);
    const productId = await makeProduct(db, { name: "Private Card", priceCents: 900, stock: 5 });
    await addToCart(as(db, ada), { productId });
    const [line] = (await listCart(as(db, ada))).lines;
    const theirs = String(line!.id);
    const missing = "2147483000";

    const forms: Record<string, string>[] = [
      { intent: "increment", quantity: "2" },
      { intent: "remove" },
    ];
    for (const fields of forms) {
      const other = await post(bob, { ...fields, lineId: theirs });
      const none = await post(bob, { ...fields, lineId: missing });
      expect([statusOf(other), errorOf(other)]).toEqual([statusOf(none), errorOf(none)]);
      expect(statusOf(other)).toBe(404);
    }
    await expect(removeLine(as(db, bob), { lineId: line!.id })).rejects.toMatchObject({
      code: "cart_line_not_found",
    });
    expect((await listCart(as(db, bob))).lines).toEqual([]);
    expect(await quantityOf(line!.id)).toBe(1);
  });

  it("removes the user's own line with 'Removed from cart', and drops lines of vanished products", async () => {
    const ada = await makeCollector(db);
    const kept = await makeProduct(db, { name: "Kept", priceCents: 100, stock: 5 });
    const vanishing = await makeProduct(db, { name: "Vanishing", priceCents: 100, stock: 5 });
    await addToCart(as(db, ada), { productId: kept });
    await addToCart(as(db, ada), { productId: vanishing });
    await db.db.delete(products).where(eq(products.id, vanishing));
    const { lines } = await listCart(as(db, ada));
    expect(lines.map((line) => line.name)).toEqual(["Kept"]);
    const removed = (await post(ada, {
      intent: "remove",
      lineId: String(lines[0]!.id),
    })) as Response;
    expect(removed.headers.get("Location")).toBe("/cart");
    expect((await listCart(as(db, ada))).lines).toEqual([]);
  });
});
