import { createElement } from "react";
import { data, useLoaderData, type AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { isSessionPageRequest } from "~/.server/http/session-page-cache";
import { PageStore } from "~/.server/page-cache/store";
import { SESSION_PAGE_TTL_SECONDS, sessionPageHandle } from "~/lib/session-page-cache";
import {
  cspNonce,
  expectOwnNonces,
  servePages,
  serversClosedAfterEach,
  testBuild,
  type TestRoute,
} from "../helpers/page-app";

const servers = serversClosedAfterEach();

/** Cards in each user's vault, as the test's vault page reads them. */
const vaults = new Map<string, number>();
/** How many times each route's loader ran. */
const renders = new Map<string, number>();
const counted = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
const userId = (context: AppLoadContext) => context.user?.id ?? "nobody";

function VaultPage() {
  const { who, cards } = useLoaderData<{ who: string; cards: number }>();
  return createElement("p", null, `${who} holds ${cards} cards`);
}

/** The vault loader waits for `gate` after reading (tests hold renders with it). */
let gate: Promise<void> = Promise.resolve();

const routes: TestRoute[] = [
  {
    id: "vault",
    path: "vault",
    module: {
      default: VaultPage,
      handle: sessionPageHandle,
      loader: async ({ context }) => {
        counted("vault");
        const who = userId(context);
        const cards = vaults.get(who) ?? 0;
        await gate;
        return { who, cards };
      },
    },
  },
  {
    id: "wallet",
    path: "wallet",
    module: {
      default: VaultPage,
      loader: ({ context }) => (counted("wallet"), { who: userId(context), cards: 0 }),
    },
  },
  {
    id: "flash",
    path: "flash",
    module: {
      default: VaultPage,
      handle: sessionPageHandle,
      loader: ({ context }) => (
        counted("flash"),
        data(
          { who: userId(context), cards: 0 },
          { headers: { "Set-Cookie": "packvault.toast=; Max-Age=0" } },
        )
      ),
    },
  },
  {
    id: "missing",
    path: "missing",
    module: {
      default: VaultPage,
      handle: sessionPageHandle,
      loader: () => {
        counted("missing");
        throw data("Not Found", { status: 404 });
      },
    },
  },
];

/** A server whose database is at `version` and whose clock reads `clock` (milliseconds). */
async function start() {
  renders.clear();
  vaults.clear();
  const state = { version: "100:100:", clock: 1_000_000 };
  const server = await servePages(
    testBuild(routes),
    new PageStore({ maxBytes: 1024 * 1024 }),
    {},
    { sessions: { dataVersion: () => state.version, now: () => state.clock } },
  );
  servers.push(server);
  const get = (path: string, user: string | null, cookies: string[] = []) =>
    fetch(server.url + path, {
      headers: {
        cookie: [user ? `packvault.session_token=${user}` : null, ...cookies]
          .filter(Boolean)
          .join("; "),
      },
    });
  return { server, state, get };
}

describe("which requests the signed-in page cache takes", () => {
  const request = (method: string, cookie: string | undefined, signedIn = true) =>
    ({
      method,
      headers: { cookie },
      sessionUser: signedIn ? { id: "u1", sessionId: "s1" } : null,
    }) as unknown as Parameters<typeof isSessionPageRequest>[0];

  it("takes a signed-in GET with the session's cookies and the sidebar's only", () => {
    const session =
      "packvault.session_token=abc; packvault.session_data=xyz; packvault.dont_remember=1; sidebar:state=false";
    expect(isSessionPageRequest(request("GET", session))).toBe(true);
    expect(isSessionPageRequest(request("GET", "__Secure-packvault.session_token=abc"))).toBe(true);
    expect(isSessionPageRequest(request("HEAD", session))).toBe(false);
    expect(isSessionPageRequest(request("POST", session))).toBe(false);
    expect(isSessionPageRequest(request("GET", session, false))).toBe(false);
    expect(isSessionPageRequest(request("GET", `${session}; packvault.toast=abc`))).toBe(false);
    expect(isSessionPageRequest(request("GET", `${session}; other=1`))).toBe(false);
  });
});

describe("signed-in page cache", () => {
  it("renders a signed-in page once while the database is unchanged, each answer private with its own nonce", async () => {
    const { get } = await start();
    vaults.set("ada", 3);
    const first = await get("/vault", "ada");
    expect(first.headers.get("X-Cache")).toBe("MISS");
    const second = await get("/vault", "ada");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(second.headers.get("Cache-Control")).toBe("private, no-store");
    expect(second.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(renders.get("vault")).toBe(1);
    await expectOwnNonces([first.clone(), second.clone()]);
    for (const answer of [first, second])
      expect(await answer.text()).toContain("ada holds 3 cards");
  });

  it("renders again once a write has committed (the data version moved), and shows it", async () => {
    const { get, state } = await start();
    vaults.set("ada", 3);
    await (await get("/vault", "ada")).text();
    vaults.set("ada", 4);
    state.version = "101:101:";
    const after = await get("/vault", "ada");
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(await after.text()).toContain("ada holds 4 cards");
    expect((await get("/vault", "ada")).headers.get("X-Cache")).toBe("HIT");
    expect(renders.get("vault")).toBe(2);
  });

  it("renders again after the route's time to live, however quiet the database", async () => {
    const { get, state } = await start();
    await (await get("/vault", "ada")).text();
    state.clock += SESSION_PAGE_TTL_SECONDS * 1000 - 1;
    expect((await get("/vault", "ada")).headers.get("X-Cache")).toBe("HIT");
    state.clock += 1;
    expect((await get("/vault", "ada")).headers.get("X-Cache")).toBe("MISS");
    expect(renders.get("vault")).toBe(2);
  });

  it("keeps each session's pages apart, per query and sidebar state, and never for a visitor", async () => {
    const { get } = await start();
    vaults.set("ada", 3);
    vaults.set("bo", 7);
    expect(await (await get("/vault", "ada")).text()).toContain("ada holds 3 cards");
    const bo = await get("/vault", "bo");
    expect(bo.headers.get("X-Cache")).toBe("MISS");
    expect(await bo.text()).toContain("bo holds 7 cards");
    expect((await get("/vault?tab=b&shown=2", "ada")).headers.get("X-Cache")).toBe("MISS");
    expect((await get("/vault?shown=2&tab=b", "ada")).headers.get("X-Cache")).toBe("HIT");
    const closed = await get("/vault", "ada", ["sidebar:state=false"]);
    expect(closed.headers.get("X-Cache")).toBe("MISS");
    const visitor = await get("/vault", null);
    expect(visitor.headers.get("X-Cache")).toBeNull();
    expect(await visitor.text()).toContain("nobody holds 0 cards");
    expect(renders.get("vault")).toBe(5);
  });

  it("never keeps a route that did not opt in, an answer with Set-Cookie or another status, nor serves a request with another cookie", async () => {
    const { get } = await start();
    for (const path of ["/wallet", "/flash", "/missing"]) {
      await (await get(path, "ada")).text();
      const again = await get(path, "ada");
      expect(again.headers.get("X-Cache")).not.toBe("HIT");
      await again.text();
    }
    expect(renders.get("wallet")).toBe(2);
    expect(renders.get("flash")).toBe(2);
    expect(renders.get("missing")).toBe(2);
    await (await get("/vault", "ada")).text();
    const toast = await get("/vault", "ada", ["packvault.toast=abc"]);
    expect(toast.headers.get("X-Cache")).toBeNull();
    expect(renders.get("vault")).toBe(2);
  });

  it("answers a burst of requests at one data version with one render", async () => {
    const { get, server } = await start();
    vaults.set("ada", 9);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const pending = Array.from({ length: 20 }, () => get("/vault", "ada"));
    await expect.poll(() => server.requests(), { timeout: 10_000 }).toBe(20);
    open();
    const answers = await Promise.all(pending);
    gate = Promise.resolve();
    expect(renders.get("vault")).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("X-Cache") === "MISS")).toHaveLength(1);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(bodies.every((body) => body.includes("ada holds 9 cards"))).toBe(true);
    expect(new Set(answers.map(cspNonce)).size).toBe(20);
  });

  it("does not serve a burst's render to a request that read a newer data version", async () => {
    const { get, server, state } = await start();
    vaults.set("ada", 1);
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const early = get("/vault", "ada");
    await expect.poll(() => server.requests(), { timeout: 10_000 }).toBe(1);
    state.version = "101:101:";
    vaults.set("ada", 2);
    const late = get("/vault", "ada");
    await expect.poll(() => server.requests(), { timeout: 10_000 }).toBe(2);
    open();
    const [first, second] = await Promise.all([early, late]);
    gate = Promise.resolve();
    expect(second.headers.get("X-Cache")).toBe("MISS");
    expect(await second.text()).toContain("ada holds 2 cards");
    expect(await first.text()).toContain("ada holds 1 cards");
    expect(renders.get("vault")).toBe(2);
  });
});
