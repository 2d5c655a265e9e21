import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "~/.server/policy/auth";
import { addToCart } from "~/.server/cart/cart";
import { createListing } from "~/.server/market/listings";
import { checkout } from "~/.server/orders/checkout";
import { openPack } from "~/.server/packs/opening";
import {
  createPageInvalidation,
  registerPageInvalidation,
} from "~/.server/page-cache/invalidation";
import { PageStore } from "~/.server/page-cache/store";
import * as marketplaceRoute from "~/routes/marketplace";
import * as packRoute from "~/routes/pack";
import * as productRoute from "~/routes/product";
import { createTestAuth } from "../helpers/auth";
import { as, makeCollector, makeProduct, routeContext } from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { listingForm } from "../helpers/market";
import { fund, fundedCollector, makePack } from "../helpers/packs";
import { servePages, testBuild, type TestRoute, type TestServer } from "../helpers/page-app";
import { parsed } from "../helpers/forms";
import { springfieldCheckout } from "../helpers/shipping";
import { createListingSchema } from "~/lib/schemas/market";

let db: TestDatabase;
let auth: Auth;
let server: TestServer;
let unregister: () => void;
beforeAll(async () => {
  db = await createTestDatabase();
  auth = createTestAuth(db);
  const store = new PageStore({ maxBytes: 16 * 1024 * 1024 });
  const invalidation = createPageInvalidation({ store, log: pino({ level: "silent" }) });
  unregister = registerPageInvalidation(invalidation);
  // The app's own route modules, as a visitor sees them.
  const routes = [
    { id: "routes/product", path: "product/:id", module: productRoute },
    { id: "routes/pack", path: "pack/:id", module: packRoute },
    { id: "routes/marketplace", path: "marketplace", module: marketplaceRoute },
  ] as unknown as TestRoute[];
  server = await servePages(testBuild(routes), store, routeContext(db, auth, null));
});
afterAll(async () => {
  unregister();
  await server.close();
  await db.destroy();
});

const visit = async (path: string) => {
  const response = await fetch(server.url + path);
  return { cache: response.headers.get("X-Cache"), html: await response.text() };
};

describe("writes invalidate the pages they change, before the writer's request ends", () => {
  it("an order taking the last unit shows 'Out of stock' to the next visitor", async () => {
    const productId = await makeProduct(db, { name: "Last Slab", priceCents: 1_000, stock: 1 });
    expect((await visit(`/product/${productId}`)).html).toContain("Only 1 left");
    expect((await visit(`/product/${productId}`)).cache).toBe("HIT");

    const buyer = await makeCollector(db);
    await fund(db, buyer.id, 10_000);
    await addToCart(as(db, buyer), { productId });
    await checkout(as(db, buyer), {
      ...springfieldCheckout("Ada Collector", "il"),
    });

    const next = await visit(`/product/${productId}`);
    expect(next.cache).toBe("MISS");
    expect(next.html).toContain("Out of stock");
    expect(next.html).not.toContain("Only 1 left");
  });

  it("an opening changes the pack's stock on its page", async () => {
    const packId = await makePack(db, { availableCount: 5 });
    expect((await visit(`/pack/${packId}`)).html).toContain("5 packs available");
    expect((await visit(`/pack/${packId}`)).cache).toBe("HIT");

    const opener = await fundedCollector(db, 10_000);
    await openPack(as(db, opener), { packId, idempotencyKey: randomUUID() });

    const next = await visit(`/pack/${packId}`);
    expect(next.cache).toBe("MISS");
    expect(next.html).toContain("4 packs available");
  });

  it("a new listing appears on the marketplace", async () => {
    const title = `Fresh Listing ${randomUUID().slice(0, 8)}`;
    expect((await visit("/marketplace")).html).not.toContain(title);
    expect((await visit("/marketplace")).cache).toBe("HIT");

    const seller = await makeCollector(db);
    await createListing(as(db, seller), parsed(createListingSchema, listingForm({ title })));

    const next = await visit("/marketplace");
    expect(next.cache).toBe("MISS");
    expect(next.html).toContain(title);
  });

  it("a write that rolls back invalidates nothing", async () => {
    const productId = await makeProduct(db, { name: "Kept Slab", priceCents: 1_000, stock: 2 });
    await visit(`/product/${productId}`);
    const broke = await makeCollector(db); // no money: the order is refused and rolls back
    await addToCart(as(db, broke), { productId });
    await expect(
      checkout(as(db, broke), {
        ...springfieldCheckout("Ada Collector", "il"),
      }),
    ).rejects.toMatchObject({ code: "insufficient_balance" });
    expect((await visit(`/product/${productId}`)).cache).toBe("HIT");
  });
});
