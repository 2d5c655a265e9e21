import { request } from "node:http";
import { createElement } from "react";
import { useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { PageStore } from "~/.server/page-cache/store";
import { LIVE_PAGE_TTL_SECONDS, livePageHandle, pageTags } from "~/lib/page-cache";
import {
  cspNonce,
  expectOwnNonces,
  servePages,
  serversClosedAfterEach,
  testBuild,
  type TestRoute,
} from "../helpers/page-app";

const servers = serversClosedAfterEach();

let renders = 0;
function StockPage() {
  const { units } = useLoaderData<{ units: number }>();
  return createElement("p", null, `In Stock (${units})`);
}
const routes: TestRoute[] = [
  {
    id: "product",
    path: "product/:id",
    module: {
      default: StockPage,
      handle: livePageHandle(({ id }) => [pageTags.product(id)]),
      loader: () => ((renders += 1), { units: 3 }),
    },
  },
];

/** No Accept-Encoding worth compressing for: the edge may answer. */
const PLAIN = { "accept-encoding": "identity" };
/** An Accept-Encoding that compression answers uncompressed: the Express path answers. */
const EXPRESS = { "accept-encoding": "identity;q=1, *;q=0" };

async function start(now = { ms: Date.now() }) {
  renders = 0;
  const store = new PageStore({ maxBytes: 1024 * 1024, now: () => now.ms });
  const server = await servePages(testBuild(routes), store, {}, { edge: true });
  servers.push(server);
  const get = (path: string, init: RequestInit = {}) =>
    fetch(server.url + path, { ...init, headers: { ...PLAIN, ...init.headers } });
  return { server, store, get, now };
}

/** A response's headers and body with its nonce, request id and date taken out. */
async function comparable(response: Response) {
  const nonce = cspNonce(response) ?? "none";
  const headers = Object.fromEntries(
    [...response.headers.entries()]
      .filter(([name]) => !["date", "x-request-id"].includes(name))
      .map(([name, value]) => [name, value.replaceAll(nonce, "NONCE")]),
  );
  return {
    status: response.status,
    headers,
    body: (await response.text()).replaceAll(nonce, "NONCE"),
  };
}

describe("page cache edge", () => {
  it("answers a fresh hit without Express, with the headers and body of the Express path's hit", async () => {
    const { server, get } = await start();
    expect((await get("/product/1")).headers.get("X-Cache")).toBe("MISS");
    const reachedExpress = server.requests();
    const edge = await get("/product/1");
    expect(server.requests()).toBe(reachedExpress);
    const express = await get("/product/1", { headers: EXPRESS });
    expect(server.requests()).toBe(reachedExpress + 1);
    expect(express.headers.get("X-Cache")).toBe("HIT");
    expect(edge.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    const [fromEdge, fromExpress] = [await comparable(edge), await comparable(express)];
    expect(fromEdge.body).toContain("In Stock (3)");
    expect(fromEdge).toEqual(fromExpress);
    expect(renders).toBe(1);
  });

  it("answers HEAD with the same headers and no body", async () => {
    const { server, get } = await start();
    await get("/product/2");
    const reachedExpress = server.requests();
    const head = await get("/product/2", { method: "HEAD" });
    expect(server.requests()).toBe(reachedExpress);
    expect(head.headers.get("X-Cache")).toBe("HIT");
    expect(head.headers.get("Content-Security-Policy")).toContain(`'nonce-${cspNonce(head)}'`);
    expect(await head.text()).toBe("");
  });

  it("gives every answer its own nonce, the one its CSP allows, in every script", async () => {
    const { get } = await start();
    await get("/product/3");
    await expectOwnNonces([await get("/product/3"), await get("/product/3")]);
  });

  it("leaves a session cookie, a compressed answer, a body and a stale page to Express", async () => {
    const now = { ms: Date.now() };
    const { server, get } = await start(now);
    await get("/product/4");
    const cases: [RequestInit, string | null][] = [
      [{ headers: { cookie: "packvault.session_token=abc" } }, null],
      [{ headers: { "accept-encoding": "gzip" } }, "HIT"],
    ];
    for (const [init, cache] of cases) {
      const before = server.requests();
      const response = await get("/product/4", init);
      expect(server.requests()).toBe(before + 1);
      expect(response.headers.get("X-Cache")).toBe(cache);
      if (!cache) expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
    // A GET with a body (fetch cannot send one): requestLimits must see it.
    const before = server.requests();
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${server.url}/product/4`, {
        headers: { ...PLAIN, "content-length": "2" },
      });
      req.on("response", (res) => (res.resume(), resolve(res.headers["x-cache"] ? 200 : 0)));
      req.on("error", reject);
      req.end("{}");
    });
    expect(status).toBe(200);
    expect(server.requests()).toBe(before + 1);
    now.ms += (LIVE_PAGE_TTL_SECONDS + 1) * 1000;
    const beforeStale = server.requests();
    expect((await get("/product/4")).headers.get("X-Cache")).toBe("STALE");
    expect(server.requests()).toBe(beforeStale + 1);
  });
});
