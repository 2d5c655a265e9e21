import { randomUUID } from "node:crypto";
import pino from "pino";
import { createElement } from "react";
import { data, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { isAnonymousRequest, pageCacheKey } from "~/.server/http/page-cache";
import { createPageInvalidation, type PageInvalidation } from "~/.server/page-cache/invalidation";
import { PageStore } from "~/.server/page-cache/store";
import {
  DEFAULT_SWR_SECONDS,
  LIVE_PAGE_TTL_SECONDS,
  livePageHandle,
  pageTags,
  staticPageHandle,
} from "~/lib/page-cache";
import {
  cspNonce,
  expectOwnNonces,
  servePages,
  serversClosedAfterEach,
  testBuild,
  type TestRoute,
} from "../helpers/page-app";

const log = pino({ level: "silent" });
const invalidations: PageInvalidation[] = [];
afterEach(async () => {
  await Promise.all(invalidations.splice(0).map((invalidation) => invalidation.close()));
});
// Registered after the invalidations' hook, so it runs first: servers close, then invalidations.
const servers = serversClosedAfterEach();

/** Units in stock per product id, as the test's product page reads them. */
const stock = new Map<string, number>();
/** How many times each route's loader ran. */
const renders = new Map<string, number>();
const counted = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);

function StockPage() {
  const { units } = useLoaderData<{ units: number }>();
  return createElement("p", null, units > 0 ? `In Stock (${units})` : "Out of Stock");
}
const Text = () => createElement("p", null, "page");

/** The product loader waits for `gate` after reading the stock (tests hold renders with it). */
let gate: Promise<void> = Promise.resolve();

const routes: TestRoute[] = [
  {
    id: "product",
    path: "product/:id",
    module: {
      default: StockPage,
      handle: livePageHandle(({ id }) => [pageTags.product(id)]),
      loader: async ({ params }) => {
        counted("product");
        const units = stock.get(params.id ?? "") ?? 0;
        await gate;
        return { units };
      },
    },
  },
  {
    id: "private",
    path: "cart",
    module: { default: Text, loader: () => (counted("private"), null) },
  },
  {
    id: "flash",
    path: "flash",
    module: {
      default: Text,
      handle: staticPageHandle,
      loader: () => (
        counted("flash"),
        data(null, { headers: { "Set-Cookie": "packvault.toast=; Max-Age=0" } })
      ),
    },
  },
  {
    id: "broken",
    path: "broken",
    module: {
      default: Text,
      handle: staticPageHandle,
      loader: () => (counted("broken"), data(null, { status: 503 })),
    },
  },
  {
    id: "gone",
    path: "gone",
    module: {
      default: Text,
      handle: staticPageHandle,
      loader: () => {
        counted("gone");
        throw data("Product Not Found", { status: 404 });
      },
    },
  },
];

async function start(store = new PageStore({ maxBytes: 1024 * 1024 })) {
  renders.clear();
  stock.clear();
  const server = await servePages(testBuild(routes), store);
  servers.push(server);
  return {
    server,
    store,
    get: (path: string, init?: RequestInit) => fetch(server.url + path, init),
  };
}

describe("page cache keys", () => {
  const url = (path: string) => new URL(`http://shop.test${path}`);

  it("sorts the query, so the same page under another parameter order is one entry", () => {
    expect(pageCacheKey(url("/products?sort=price_asc&page=2"), undefined)).toBe(
      pageCacheKey(url("/products?page=2&sort=price_asc"), undefined),
    );
    expect(pageCacheKey(url("/products?page=2"), undefined)).not.toBe(
      pageCacheKey(url("/products?page=3"), undefined),
    );
  });

  it("tells apart the host, the path and the sidebar's state, and nothing else of the cookies", () => {
    const key = pageCacheKey(url("/products"), undefined);
    expect(pageCacheKey(new URL("http://other.test/products"), undefined)).not.toBe(key);
    expect(pageCacheKey(url("/product/1"), undefined)).not.toBe(key);
    expect(pageCacheKey(url("/products"), "sidebar:state=false")).not.toBe(key);
    expect(pageCacheKey(url("/products"), "sidebar:state=true")).toBe(key);
  });

  it("takes only visitors' GET and HEAD requests without cookies but the sidebar's", () => {
    const request = (method: string, headers: { cookie?: string; authorization?: string } = {}) =>
      isAnonymousRequest({ method, headers });
    expect(request("GET")).toBe(true);
    expect(request("HEAD", { cookie: "sidebar:state=false" })).toBe(true);
    expect(request("POST")).toBe(false);
    expect(request("GET", { cookie: "packvault.session_token=abc" })).toBe(false);
    expect(request("GET", { cookie: "sidebar:state=true; packvault.toast=xyz" })).toBe(false);
    expect(request("GET", { authorization: "Bearer abc" })).toBe(false);
  });
});

describe("page cache", () => {
  it("renders a visitor's page once, then serves it with the public Cache-Control", async () => {
    const { get } = await start();
    stock.set("1", 3);
    const first = await get("/product/1");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe(
      `public, max-age=0, s-maxage=${LIVE_PAGE_TTL_SECONDS}, stale-while-revalidate=${DEFAULT_SWR_SECONDS}`,
    );
    expect(first.headers.get("Vary")).toMatch(/Cookie/);
    expect(await first.text()).toContain("In Stock (3)");
    stock.set("1", 2);
    const second = await get("/product/1");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(await second.text()).toContain("In Stock (3)");
    expect(renders.get("product")).toBe(1);
    const head = await get("/product/1", { method: "HEAD" });
    expect(head.headers.get("X-Cache")).toBe("HIT");
    expect(await head.text()).toBe("");
  });

  it("gives every response its own nonce, the one its CSP allows, in every script", async () => {
    const { get } = await start();
    const responses = [await get("/product/7"), await get("/product/7")] as const;
    expect(responses.map((r) => r.headers.get("X-Cache"))).toEqual(["MISS", "HIT"]);
    await expectOwnNonces(responses);
  });

  it("keys by the normalised query and the sidebar cookie", async () => {
    const { get } = await start();
    expect((await get("/product/1?b=2&a=1")).headers.get("X-Cache")).toBe("MISS");
    expect((await get("/product/1?a=1&b=2")).headers.get("X-Cache")).toBe("HIT");
    const closed = { headers: { cookie: "sidebar:state=false" } };
    expect((await get("/product/1?a=1&b=2", closed)).headers.get("X-Cache")).toBe("MISS");
    expect((await get("/product/1?a=1&b=2", closed)).headers.get("X-Cache")).toBe("HIT");
    expect(renders.get("product")).toBe(2);
  });

  it("caches the data requests of client navigations apart from the documents", async () => {
    const { get } = await start();
    stock.set("4", 1);
    await get("/product/4");
    const first = await get("/product/4.data");
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(await first.text()).toContain("units");
    expect((await get("/product/4.data")).headers.get("X-Cache")).toBe("HIT");
  });

  it("never serves a signed-in request from the cache, and marks it private", async () => {
    const { get } = await start();
    await get("/product/1");
    const signedIn = { headers: { cookie: "packvault.session_token=abc" } };
    const response = await get("/product/1", signedIn);
    expect(response.headers.get("X-Cache")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(renders.get("product")).toBe(2);
  });

  it("never caches a route that did not opt in, and marks it private", async () => {
    const { get } = await start();
    const responses = [await get("/cart"), await get("/cart")];
    expect(responses.map((r) => r.headers.get("X-Cache"))).toEqual([null, null]);
    expect(responses[1]!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(renders.get("private")).toBe(2);
  });

  it("never stores a response with Set-Cookie (a flash toast) or a status other than 200 and 404", async () => {
    const { get } = await start();
    const flashes = [await get("/flash"), await get("/flash")];
    expect(flashes.map((r) => r.headers.get("X-Cache"))).toEqual(["MISS", "MISS"]);
    expect(flashes[0]!.headers.get("Set-Cookie")).toContain("packvault.toast=");
    expect(flashes[0]!.headers.get("Cache-Control")).toBe("private, no-store");
    expect(renders.get("flash")).toBe(2);

    const broken = [await get("/broken"), await get("/broken")];
    expect(broken.map((r) => r.status)).toEqual([503, 503]);
    expect(renders.get("broken")).toBe(2);

    const gone = [await get("/gone"), await get("/gone")];
    expect(gone.map((r) => r.status)).toEqual([404, 404]);
    expect(gone.map((r) => r.headers.get("X-Cache"))).toEqual(["MISS", "HIT"]);
    expect(renders.get("gone")).toBe(1);
  });

  it("renders 100 concurrent misses of one page once", async () => {
    const { get, server } = await start();
    stock.set("9", 5);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const pending = Array.from({ length: 100 }, () => get("/product/9"));
    // every request has arrived while the one render waits at the gate
    await expect.poll(() => server.requests(), { timeout: 10_000 }).toBe(100);
    open();
    const responses = await Promise.all(pending);
    gate = Promise.resolve();
    expect(renders.get("product")).toBe(1);
    expect(responses.every((r) => r.status === 200 && r.headers.get("X-Cache") === "MISS")).toBe(
      true,
    );
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(bodies.every((body) => body.includes("In Stock (5)"))).toBe(true);
    expect(new Set(responses.map(cspNonce)).size).toBe(100);
  });

  it("serves a stale page while one render refreshes it, then the fresh one", async () => {
    let now = 1_000_000;
    const { get } = await start(new PageStore({ maxBytes: 1024 * 1024, now: () => now }));
    stock.set("2", 4);
    await get("/product/2");
    stock.set("2", 0);
    now += (LIVE_PAGE_TTL_SECONDS + 1) * 1000; // past the time to live, within the stale window
    const stale = await get("/product/2");
    expect(stale.headers.get("X-Cache")).toBe("STALE");
    expect(await stale.text()).toContain("In Stock (4)");
    let fresh = await get("/product/2");
    await expect
      .poll(async () => (fresh = await get("/product/2")).headers.get("X-Cache"))
      .toBe("HIT");
    expect(await fresh.text()).toContain("Out of Stock");
    expect(renders.get("product")).toBe(2);
    // past the refreshed page's stale window: rendered anew before answering
    now += (LIVE_PAGE_TTL_SECONDS + DEFAULT_SWR_SECONDS) * 1000;
    const expired = await get("/product/2");
    expect(expired.headers.get("X-Cache")).toBe("MISS");
  });

  it("shows 'Out of Stock' to the next visitor once the product's tag is invalidated", async () => {
    const { get, store } = await start();
    stock.set("3", 1);
    await get("/product/3");
    await get("/product/4");
    stock.set("3", 0); // the order took the last unit
    expect(store.invalidate([pageTags.product(3)])).toBe(1);
    const next = await get("/product/3");
    expect(next.headers.get("X-Cache")).toBe("MISS");
    expect(await next.text()).toContain("Out of Stock");
    expect((await get("/product/4")).headers.get("X-Cache")).toBe("HIT");
  });

  it("never stores a render that was under way when its tag was invalidated", async () => {
    const { get, store } = await start();
    stock.set("5", 1);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const early = get("/product/5");
    await expect.poll(() => renders.get("product")).toBe(1);
    stock.set("5", 0);
    store.invalidate([pageTags.product(5)]);
    gate = Promise.resolve();
    open();
    expect(await (await early).text()).toContain("In Stock (1)");
    const next = await get("/product/5");
    expect(next.headers.get("X-Cache")).toBe("MISS");
    expect(await next.text()).toContain("Out of Stock");
  });

  it("keeps within its byte bound, dropping the least recently used pages", async () => {
    const store = new PageStore({ maxBytes: 8 * 1024 });
    const { get } = await start(store);
    for (let id = 0; id < 40; id += 1) await get(`/product/${id}`);
    expect(store.size).toBeGreaterThan(0);
    expect(store.bytes).toBeLessThanOrEqual(8 * 1024);
    expect(store.size).toBeLessThan(40);
    expect((await get("/product/39")).headers.get("X-Cache")).toBe("HIT");
    expect((await get("/product/0")).headers.get("X-Cache")).toBe("MISS");
  });

  // Defined where a Redis server is given (CI sets TEST_REDIS_URL, like TEST_DATABASE_URL).
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl)
    it("drops the page on the other instance through Redis", async () => {
      const channel = `packvault:pages:test:${randomUUID()}`;
      const first = await start();
      const second = await start();
      const a = createPageInvalidation({ store: first.store, redisUrl, log, channel });
      const b = createPageInvalidation({ store: second.store, redisUrl, log, channel });
      invalidations.push(a, b);
      await Promise.all([a.ready, b.ready]);
      stock.set("6", 1);
      await first.get("/product/6");
      await second.get("/product/6");
      expect((await second.get("/product/6")).headers.get("X-Cache")).toBe("HIT");
      stock.set("6", 0);
      await a.invalidate([pageTags.product(6)]);
      expect((await first.get("/product/6")).headers.get("X-Cache")).toBe("MISS");
      await expect.poll(() => second.store.size).toBe(0);
      const next = await second.get("/product/6");
      expect(next.headers.get("X-Cache")).toBe("MISS");
      expect(await next.text()).toContain("Out of Stock");
      // and back: the second instance's invalidation reaches the first
      await b.invalidate([pageTags.product(6)]);
      await expect.poll(() => first.store.size).toBe(0);
    });
});
