// `npm run test:topology`: the production shape (README "Deploy") run and broken. Two
// Redis-backed instances (node:cluster primaries) on PostgreSQL behind nginx with
// deploy/nginx-packvault.conf; a minute of bounded mixed load through nginx while one instance
// is killed with `kill -9` three times and restarted; then the database must hold every
// acknowledged operation exactly once, the ledger must add up, and the shared state (sessions,
// rate limits, live feed, page invalidations) must work across the instances.
import { execFileSync } from "node:child_process";
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type http from "node:http";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/policy/auth";
import { makeCtx } from "~/.server/context";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import type { TestDatabase } from "../helpers/db";
import { expectLedgerBalanced, fund, poolSlabs } from "../helpers/packs";
import { STRONG_PASSWORD, signInKit } from "../helpers/sign-in";
import { runSqlOnce } from "../helpers/pg-sql-once";
import {
  Instance,
  ROOT,
  agentFrom,
  ensureNginx,
  openSalesStream,
  request,
  startNginx,
  type Answer,
} from "./harness";

const NGINX_PORT = 3410;
const PORTS = [3411, 3412];
const METRICS_PORTS = [3491, 3492];
const BASE = `http://127.0.0.1:${NGINX_PORT}`;
const direct = (i: number) => `http://127.0.0.1:${PORTS[i]}`;
const SECRET = `topology-${randomBytes(24).toString("hex")}`;
const LOAD_MS = 60_000;
/** When the victim is killed, from the start of the load. */
const KILLS_AT_MS = [8_000, 26_000, 44_000];
/** After an instance is ready again, nginx may still skip it this long (fail_timeout) and more. */
const SETTLE_MS = 5_000;
const COLLECTORS = 8;
/** Visitors browse without pauses: most of a shop's traffic, and cheap (the page cache). */
const VISITORS = 6;
const PACK_ID = 1;
const WORK = path.join(ROOT, ".topology");
/** TOPOLOGY_BUILD_DIR: an existing build to reuse (reruns); else one is made here. */
const BUILD_DIR = path.resolve(process.env.TOPOLOGY_BUILD_DIR || path.join(WORK, "build"));

const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `pv_topology_${randomBytes(5).toString("hex")}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
/** A loopback network of this run's own: each simulated user connects from its own address. */
const net = `127.${randomInt(1, 250)}.${randomInt(1, 250)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = pino({ level: "silent" });

let database: DatabaseHandle;
let db: TestDatabase;
let nginx: ReturnType<typeof startNginx>;
const instances: Instance[] = [];

const adminQuery = (sql: string) => runSqlOnce(adminUrl, sql);

const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
};

// --- what the client saw -------------------------------------------------------------------

type Kind =
  "browse" | "sign-in" | "top-up" | "open" | "buyback" | "list" | "buy" | "order" | "replay";
/** One request as the client saw it; `rid` is the answer's X-Request-Id (nginx's id). */
type Sample = {
  kind: Kind;
  at: number;
  ms: number;
  status: number;
  failed: boolean;
  rid?: string;
};
const samples: Sample[] = [];
let retries = 0;

/** A request through nginx, recorded; retried (same body, same key) on a 5xx or network error. */
async function call(
  kind: Kind,
  agent: http.Agent,
  method: string,
  pathname: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer | null> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    if (attempt > 0) {
      retries += 1;
      await sleep(300 * attempt);
    }
    const started = Date.now();
    const answer = await request(BASE, method, pathname, { ...options, agent }).catch(() => null);
    const status = answer?.status ?? 0;
    const failed = status === 0 || status >= 500;
    const rid = answer?.headers["x-request-id"];
    samples.push({
      kind,
      at: Date.now(),
      ms: Date.now() - started,
      status,
      failed,
      rid: typeof rid === "string" ? rid : undefined,
    });
    if (!failed) return answer;
  }
  return null;
}

/** Cookies a user holds (name -> value), updated from Set-Cookie. */
class Jar {
  cookies = new Map<string, string>();
  take(answer: Answer | null) {
    for (const line of answer?.headers["set-cookie"] ?? []) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

const redirected = (answer: Answer | null) =>
  !!answer &&
  answer.status >= 300 &&
  answer.status < 400 &&
  !/\/auth\b/.test(String(answer.headers.location));

// --- what was acknowledged -------------------------------------------------------------------

type Collector = { id: string; email: string; ip: string; jar: Jar; agent: http.Agent };
const acked = {
  topUps: [] as { userId: string; key: string }[],
  openings: [] as {
    userId: string;
    key: string;
    openingId: number;
    offerId: number;
    cardId: number;
  }[],
  buybacks: [] as { offerId: number }[],
  listings: [] as { sellerId: string; cardId: number }[],
  buys: [] as { buyerId: string; cardId: number }[],
  orders: [] as { userId: string; key: string }[],
  replays: 0,
};
/** Replays of an acknowledged opening that answered another opening. */
const replayMismatches: string[] = [];
/** Listings up for sale by someone, for buyers to pick from. */
const forSale: { sellerId: string; cardId: number }[] = [];

/** A form post of `c`'s, from a page of `origin` (the host it is sent to: nginx or an instance). */
function form(c: Collector, fields: Record<string, string>, origin = BASE) {
  return {
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      Cookie: c.jar.header(),
    },
    body: new URLSearchParams(fields).toString(),
  };
}

async function post(c: Collector, kind: Kind, pathname: string, fields: Record<string, string>) {
  const answer = await call(kind, c.agent, "POST", pathname, form(c, fields));
  c.jar.take(answer);
  return answer;
}

/** Signs in through nginx; @returns null, or why it failed. */
async function signIn(c: Collector): Promise<string | null> {
  const answer = await post(c, "sign-in", "/auth", {
    intent: "sign-in",
    email: c.email,
    password: STRONG_PASSWORD,
  });
  const signedIn =
    redirected(answer) && [...c.jar.cookies.keys()].some((k) => k.includes("session_token"));
  return signedIn ? null : `${c.email}: ${answer?.status} ${answer?.body.slice(0, 200)}`;
}

const pick = <T>(items: T[]): T | undefined => items[randomInt(items.length || 1)];

async function topUp(c: Collector) {
  const key = randomUUID();
  const fields = {
    intent: "add-funds",
    amount: "40.00",
    cardNumber: "4242424242424242",
    expiry: "12/30",
    cvc: "123",
    idempotencyKey: key,
  };
  if (redirected(await post(c, "top-up", "/wallet", fields))) {
    acked.topUps.push({ userId: c.id, key });
    if (randomInt(4) === 0 && redirected(await post(c, "replay", "/wallet", fields)))
      acked.replays++;
  }
}

const mine = new Map<string, { offerId: number; cardId: number }[]>();

async function open(c: Collector) {
  const key = randomUUID();
  const answer = await post(c, "open", `/pack/${PACK_ID}/open`, { idempotencyKey: key });
  if (answer?.status !== 200) return;
  const { pull } = JSON.parse(answer.body) as {
    pull: { openingId: number; card: { id: number }; buyback: { offerId: number } };
  };
  const made = { offerId: pull.buyback.offerId, cardId: pull.card.id };
  acked.openings.push({ userId: c.id, key, openingId: pull.openingId, ...made });
  mine.set(c.id, [...(mine.get(c.id) ?? []), made]);
  if (randomInt(4) === 0) {
    const again = await post(c, "replay", `/pack/${PACK_ID}/open`, { idempotencyKey: key });
    if (again?.status === 200) {
      const replayed = (JSON.parse(again.body) as { pull: typeof pull }).pull.openingId;
      if (replayed !== pull.openingId) {
        replayMismatches.push(`key ${key}: opening ${pull.openingId}, replay ${replayed}`);
      }
      acked.replays++;
    }
  }
}

/** One of the collector's pulls, taken out of their list (used once: sold or listed). */
function takePull(c: Collector) {
  const pulls = mine.get(c.id) ?? [];
  return pulls.length > 0 ? pulls.splice(randomInt(pulls.length), 1)[0] : undefined;
}

async function buyback(c: Collector) {
  const pull = takePull(c);
  if (!pull) return open(c);
  const answer = await post(c, "buyback", "/vault", {
    intent: "accept-buyback",
    offerId: String(pull.offerId),
  });
  if (redirected(answer)) acked.buybacks.push({ offerId: pull.offerId });
}

async function list(c: Collector) {
  const pull = takePull(c);
  if (!pull) return open(c);
  const answer = await post(c, "list", "/marketplace", {
    intent: "create-listing",
    title: "Topology test card",
    description: "A pulled card listed by the topology test",
    price: "1.00",
    category: "Pokemon",
    condition: "Mint",
    cardId: String(pull.cardId),
  });
  if (redirected(answer)) {
    acked.listings.push({ sellerId: c.id, cardId: pull.cardId });
    forSale.push({ sellerId: c.id, cardId: pull.cardId });
  }
}

async function buy(c: Collector) {
  const index = forSale.findIndex((l) => l.sellerId !== c.id);
  if (index === -1) return list(c);
  const [listing] = forSale.splice(index, 1);
  const [row] = await rows<{ id: number }>(
    "select id from listings where card_id = $1 and status = 'active'",
    [listing!.cardId],
  );
  if (!row) return;
  const answer = await post(c, "buy", "/marketplace", {
    intent: "buy-now",
    listingId: String(row.id),
    expectedPriceCents: "100",
  });
  if (redirected(answer)) acked.buys.push({ buyerId: c.id, cardId: listing!.cardId });
}

let productId = 0;
/** Pack 1's units before the load: what is left plus what was opened stays this. */
let initialStock = 0;
async function order(c: Collector) {
  const added = await post(c, "order", "/cart", { intent: "add", productId: String(productId) });
  if (!redirected(added)) return;
  const key = randomUUID();
  const answer = await post(c, "order", "/cart", {
    intent: "checkout",
    idempotencyKey: key,
    fullName: "Topo Collector",
    street: "1 Loopback Road",
    city: "Springfield",
    state: "IL",
    zip: "62701",
  });
  if (redirected(answer)) acked.orders.push({ userId: c.id, key });
}

const PAGES = ["/", "/packs", `/pack/${PACK_ID}`, "/marketplace", "/products", "/leaderboard"];

// --- the run -------------------------------------------------------------------------------

const kills: { at: number; readyAt: number; recoveryMs: number }[] = [];
let loadStart = 0;
let loadEnd = 0;
let collectors: Collector[] = [];

beforeAll(async () => {
  ensureNginx();
  mkdirSync(WORK, { recursive: true });
  for (const old of ["nginx", "instance-1.log", "instance-2.log"]) {
    rmSync(path.join(WORK, old), { recursive: true, force: true });
  }
  if (process.env.TOPOLOGY_BUILD_DIR) {
    console.log(`topology: using the build in ${BUILD_DIR}`);
  } else {
    console.log(`topology: building into ${BUILD_DIR}...`);
    execFileSync("npx", ["react-router", "build"], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR },
      stdio: ["ignore", "ignore", "ignore"],
    });
  }
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: dbUrl,
    REDIS_URL: process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379",
    BETTER_AUTH_SECRET: SECRET,
    PUBLIC_URL: BASE,
    TRUST_PROXY: "1",
    WEB_CONCURRENCY: "1",
    BUILD_DIR,
    HOST: "127.0.0.1",
    // Every request's line, with its duration and request id (kept in .topology/).
    LOG_LEVEL: "info",
  };
  PORTS.forEach((port, i) =>
    instances.push(
      new Instance(
        port,
        { ...env, METRICS_PORT: String(METRICS_PORTS[i]) },
        path.join(WORK, `instance-${i + 1}.log`),
      ),
    ),
  );
  for (const instance of instances) instance.start();
  await Promise.all(instances.map((instance) => instance.ready()));
  nginx = startNginx({
    prefix: path.join(WORK, "nginx"),
    port: NGINX_PORT,
    upstreams: PORTS,
    clientDir: path.join(BUILD_DIR, "client"),
  });

  database = await openDatabase({ driver: "postgres", url: dbUrl, poolSize: 4 });
  db = {
    ...database,
    url: dbUrl,
    ctx: (options = {}) =>
      makeCtx({
        db: database.db,
        actor: options.actor ?? null,
        now: () => new Date(),
        log: silent,
      }),
    destroy: () => database.close(),
  };
  // A pool deep enough in every tier that the minute never sells the pack out (a pack sells out
  // when a tier with odds empties: docs/decisions/037-slab-within-a-tier.md), its available
  // count the pool's size; collectors with money to spend.
  const [pack] = await rows<{ category: string; price_cents: string }>(
    "select category, price_cents from packs where id = $1",
    [PACK_ID],
  );
  await poolSlabs(db, {
    packId: PACK_ID,
    category: pack!.category,
    priceCents: Number(pack!.price_cents),
    counts: { common: 3_000, uncommon: 2_000, rare: 1_000, legendary: 1_000 },
  });
  const [before] = await rows<{ stock: number; opened: number }>(
    `update packs set available_count = (
       select count(*) from slabs where pack_id = $1 and state = 'in_pool'
     ) where id = $1
     returning available_count as stock,
       (select count(*)::int from pack_openings where pack_id = $1) as opened`,
    [PACK_ID],
  );
  initialStock = Number(before!.stock) + Number(before!.opened);
  const [product] = await rows<{ id: number }>(
    "update products set stock = 100000 where id = (select id from products order by price_cents limit 1) returning id",
  );
  productId = product!.id;
  const auth = createAuth({
    db: database.db,
    env: { PUBLIC_URL: BASE, NODE_ENV: "production" },
    secret: SECRET,
  });
  const kit = signInKit(db, auth);
  collectors = [];
  for (let i = 0; i < COLLECTORS; i += 1) {
    const email = `topology-${randomBytes(4).toString("hex")}@example.com`;
    await kit.createCollector(email, `198.51.100.${i + 1}`);
    const [profile] = await rows<{ id: string }>(
      "update profiles set email_verified = true, date_of_birth = '1990-01-01' where email = $1 returning id",
      [email],
    );
    await fund(db, profile!.id, 200_000);
    const ip = `${net}.${10 + i}`;
    collectors.push({ id: profile!.id, email, ip, jar: new Jar(), agent: agentFrom(ip) });
  }
  // Wait for nginx to answer.
  for (let i = 0; i < 50; i += 1) {
    if ((await request(BASE, "GET", "/healthz").catch(() => null))?.status === 200) break;
    await sleep(200);
  }
});

afterAll(async () => {
  nginx?.nginx.kill("SIGTERM");
  await Promise.all(instances.map((instance) => instance.stop().catch(() => {})));
  await database?.close().catch(() => {});
  await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
});

/**
 * A minute of load through nginx (collectors topping up, opening, selling back, listing, buying
 * and ordering; visitors browsing) while instance 2 is killed three times. It is the fixture of
 * every test below: each asserts one property of this run, so none depends on another test.
 */
const signInFailures: string[] = [];
async function runLoad(): Promise<void> {
  const victim = instances[1]!;
  loadStart = Date.now();
  const until = loadStart + LOAD_MS;
  const killer = (async () => {
    for (const at of KILLS_AT_MS) {
      await sleep(Math.max(0, loadStart + at - Date.now()));
      const killedAt = Date.now();
      victim.kill9();
      await sleep(500);
      victim.start();
      await victim.ready();
      const readyAt = Date.now();
      kills.push({ at: killedAt, readyAt, recoveryMs: readyAt - killedAt });
    }
  })();
  const collectorLoop = async (c: Collector) => {
    const failure = await signIn(c);
    if (failure) {
      signInFailures.push(failure);
      return;
    }
    const ops = [topUp, open, open, open, buyback, list, buy, order];
    while (Date.now() < until) {
      await pick(ops)!(c);
      await sleep(50);
    }
  };
  const visitorLoop = async (i: number) => {
    const agent = agentFrom(`${net}.${100 + i}`);
    while (Date.now() < until) {
      await call("browse", agent, "GET", pick(PAGES)!);
    }
  };
  await Promise.all([
    ...collectors.map(collectorLoop),
    ...Array.from({ length: VISITORS }, (_, i) => visitorLoop(i)),
    killer,
  ]);
  loadEnd = Date.now();
}

describe("several instances, one truth", () => {
  beforeAll(runLoad);

  it("keeps every acknowledged operation exactly once through three kill -9s", async () => {
    expect(signInFailures, "collectors signing in through nginx").toEqual([]);
    expect(replayMismatches, "replayed openings answer the first opening").toEqual([]);
    expect(kills, "three kills, each followed by a restart").toHaveLength(3);

    // Every acknowledged operation is in the database exactly once.
    for (const t of acked.topUps) {
      const found = await rows(
        "select 1 from wallet_top_ups where user_id = $1 and idempotency_key = $2 and status = 'succeeded'",
        [t.userId, t.key],
      );
      expect(found, `top-up ${t.key}`).toHaveLength(1);
    }
    for (const o of acked.openings) {
      const found = await rows<{ id: number }>(
        "select id from pack_openings where user_id = $1 and idempotency_key = $2",
        [o.userId, o.key],
      );
      expect(
        found.map((r) => Number(r.id)),
        `opening ${o.key}`,
      ).toEqual([o.openingId]);
    }
    for (const b of acked.buybacks) {
      const found = await rows(
        "select 1 from buyback_offers where id = $1 and status = 'accepted'",
        [b.offerId],
      );
      expect(found, `buyback of offer ${b.offerId}`).toHaveLength(1);
    }
    for (const l of acked.listings) {
      const found = await rows("select 1 from listings where card_id = $1 and user_id = $2", [
        l.cardId,
        l.sellerId,
      ]);
      expect(found, `listing of card ${l.cardId}`).toHaveLength(1);
    }
    for (const b of acked.buys) {
      const found = await rows(
        "select 1 from transactions t join listings l on l.id = t.listing_id where l.card_id = $1 and t.buyer_id = $2",
        [b.cardId, b.buyerId],
      );
      expect(found, `purchase of card ${b.cardId}`).toHaveLength(1);
    }
    for (const o of acked.orders) {
      const found = await rows("select 1 from orders where user_id = $1 and idempotency_key = $2", [
        o.userId,
        o.key,
      ]);
      expect(found, `order ${o.key}`).toHaveLength(1);
    }
    const doubled = await rows(
      "select user_id, idempotency_key from wallet_top_ups group by 1, 2 having count(*) > 1",
    );
    expect(doubled, "top-ups charged twice for one key").toEqual([]);
    // The ledger checker: entries equal balances, nothing negative, stock plus cards equal the
    // initial stock (every unit taken from pack 1 is one opening).
    const [stock] = await rows<{ n: number }>(
      "select available_count + (select count(*) from pack_openings where pack_id = $1)::int as n from packs where id = $1",
      [PACK_ID],
    );
    expect(Number(stock!.n), "pack stock plus its openings").toBe(initialStock);
    await expectLedgerBalanced(db, new Map([[PACK_ID, initialStock]]));
  });

  it("failed fewer than 1% of requests at nginx during a kill, and none after it", () => {
    const windows = kills.map((k) => [k.at, k.readyAt + SETTLE_MS] as const);
    const inWindow = (s: Sample) => windows.some(([from, to]) => s.at >= from && s.at <= to);
    const during = samples.filter(inWindow);
    const outside = samples.filter((s) => !inWindow(s));
    const failedDuring = during.filter((s) => s.failed).length;
    printSummary(during.length, failedDuring);
    expect(during.length, "requests during the kills").toBeGreaterThan(0);
    expect(failedDuring / during.length, "share failed during a kill").toBeLessThan(0.01);
    const failedOutside = outside.filter((s) => s.failed);
    if (failedOutside.length > 0) printInstanceErrors(failedOutside);
    expect(
      failedOutside.map((s) => `${s.kind} ${s.status} at +${s.at - loadStart} ms rid=${s.rid}`),
      "failed requests outside the kills",
    ).toEqual([]);
  });

  it("shares sessions, the live feed and page invalidations across instances", async () => {
    const [alice, bob] = collectors as [Collector, Collector];
    // A session made through nginx is valid on each instance.
    for (const i of [0, 1]) {
      const answer = await request(direct(i), "GET", "/wallet", {
        headers: { Cookie: alice.jar.header() },
      });
      expect(answer.status, `alice's session on instance ${i + 1}`).toBe(200);
    }

    // A sale through instance 1 reaches a live-feed client of instance 2, and one through nginx.
    const onTwo = openSalesStream(direct(1), `${net}.201`);
    const viaNginx = openSalesStream(BASE, `${net}.202`);
    await expect
      .poll(() => onTwo.connected() && viaNginx.connected(), { timeout: 10_000 })
      .toBe(true);
    const opened = await request(direct(0), "POST", `/pack/${PACK_ID}/open`, {
      ...form(alice, { idempotencyKey: randomUUID() }, direct(0)),
    });
    expect(opened.status, "an opening for the sale").toBe(200);
    const cardId = (JSON.parse(opened.body) as { pull: { card: { id: number } } }).pull.card.id;
    const listed = await request(direct(0), "POST", "/marketplace", {
      ...form(
        alice,
        {
          intent: "create-listing",
          title: "Topology live card",
          description: "Listed to test the live feed across instances",
          price: "1.00",
          category: "Pokemon",
          condition: "Mint",
          cardId: String(cardId),
        },
        direct(0),
      ),
    });
    expect(redirected(listed), "listed on instance 1").toBe(true);
    const [listing] = await rows<{ id: number }>("select id from listings where card_id = $1", [
      cardId,
    ]);
    const bought = await request(direct(0), "POST", "/marketplace", {
      ...form(
        bob,
        {
          intent: "buy-now",
          listingId: String(listing!.id),
          expectedPriceCents: "100",
        },
        direct(0),
      ),
    });
    expect(redirected(bought), "bought on instance 1").toBe(true);
    const [sale] = await rows<{ id: number }>(
      "select max(id) as id from sales_activity where kind = 'market'",
    );
    await expect
      .poll(() => onTwo.sales.some((s) => s.id === Number(sale!.id)), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => viaNginx.sales.some((s) => s.id === Number(sale!.id)), { timeout: 10_000 })
      .toBe(true);
    onTwo.close();
    viaNginx.close();

    // A page cached on instance 2 is dropped when an opening on instance 1 changes it.
    const visit = () => request(direct(1), "GET", `/pack/${PACK_ID}`);
    await visit();
    expect((await visit()).headers["x-cache"], "the pack page cached on instance 2").toBe("HIT");
    const another = await request(direct(0), "POST", `/pack/${PACK_ID}/open`, {
      ...form(alice, { idempotencyKey: randomUUID() }, direct(0)),
    });
    expect(another.status).toBe(200);
    await expect
      .poll(async () => (await visit()).headers["x-cache"], { timeout: 10_000 })
      .not.toBe("HIT");
  });

  it("serves a collector's kept vault until a write through another instance, then the write", async () => {
    const [alice] = collectors as [Collector];
    // As a browser: the first page reads and clears a toast the last action left.
    const vault = async () => {
      const answer = await request(direct(1), "GET", "/vault", {
        headers: { Cookie: alice.jar.header() },
      });
      alice.jar.take(answer);
      return answer;
    };
    expect((await vault()).status).toBe(200);
    // The data version is the whole PostgreSQL server's: any write anywhere (a job) renders
    // again, so the page is kept once the database has been quiet between two requests.
    await expect
      .poll(async () => (await vault()).headers["x-cache"], {
        timeout: 10_000,
        message: "alice's vault kept on instance 2",
      })
      .toBe("HIT");
    const opened = await request(direct(0), "POST", `/pack/${PACK_ID}/open`, {
      ...form(alice, { idempotencyKey: randomUUID() }, direct(0)),
    });
    expect(opened.status, "an opening through instance 1").toBe(200);
    const { pull } = JSON.parse(opened.body) as { pull: { card: { certNumber: string } } };
    // No waiting: the data version moved with the opening's commit.
    const after = await vault();
    expect(after.headers["x-cache"], "rendered again after the opening").toBe("MISS");
    expect(after.body).toContain(pull.card.certNumber);
  });

  it("shares the sign-in rate limit across instances: the 6th wrong password is refused", async () => {
    // Alternating instances, each attempt from its own address: only the per-email count, in
    // Redis, can add up to the limit (5 attempts in 15 minutes).
    const email = `guessed-${randomBytes(4).toString("hex")}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const origin = direct(i % 2);
      const answer = await request(origin, "POST", "/auth", {
        agent: agentFrom(`${net}.${210 + i}`),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        body: new URLSearchParams({
          intent: "sign-in",
          email,
          password: "not-the-password",
        }).toString(),
      });
      statuses.push(answer.status);
    }
    expect(statuses, "five refusals, then the limit").toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("carries nginx's request id to the client and into the instance's log lines", async () => {
    const answer = await request(BASE, "GET", `/no-such-page-${randomBytes(4).toString("hex")}`);
    expect(answer.status).toBe(404);
    const rid = answer.headers["x-request-id"];
    expect(rid, "X-Request-Id of the answer").toMatch(/^[0-9a-f]{32}$/);
    // nginx's access log line and the app's (a 404 is logged at warn) carry the same id.
    await expect
      .poll(() => readFileSync(nginx.accessLog, "utf8"), { timeout: 5_000 })
      .toMatch(new RegExp(`"GET /no-such-page-[0-9a-f]+ HTTP/1.1" 404 .* rid=${rid} `));
    // The instance writes its line when the answer is sent: poll for it.
    const loggedFor = (id: string) =>
      instanceLogLines()
        .filter((line) => line.includes(`"id":"${id}"`))
        .map((line) => JSON.parse(line.replace(/^instance \d: /, "")) as Record<string, unknown>);
    await expect
      .poll(() => loggedFor(String(rid)), { timeout: 5_000 })
      .toContainEqual(
        expect.objectContaining({ level: 40, res: expect.objectContaining({ statusCode: 404 }) }),
      );
    // Every failed request of the load that nginx answered carries its id too.
    for (const s of samples.filter((s) => s.failed && s.status > 0)) {
      expect(s.rid, `${s.kind} ${s.status}: X-Request-Id`).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it("lets a photo form's body through nginx and stops a big body anywhere else", async () => {
    const [alice] = collectors as [Collector];
    const boundary = `topology${randomBytes(8).toString("hex")}`;
    // 3 MB: over the 2 MB of ordinary forms, well under the photo forms' limit.
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="intent"',
      "",
      "create-listing",
      `--${boundary}`,
      'Content-Disposition: form-data; name="photos"; filename="front.jpg"',
      "Content-Type: image/jpeg",
      "",
      "x".repeat(3_000_000),
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const send = (pathname: string) =>
      request(BASE, "POST", pathname, {
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          Origin: BASE,
          Cookie: alice.jar.header(),
        },
        body,
      });
    const photos = await send("/marketplace");
    expect(photos.status, "the listing form with a photo reaches the app").not.toBe(413);
    expect(photos.status).toBeLessThan(500);
    const elsewhere = await send("/wallet");
    expect(elsewhere.status, "a big body elsewhere").toBe(413);
    expect(elsewhere.body, "stopped by nginx, before it travels").toMatch(/nginx/);
  });

  it("serves the built assets itself, Brotli to browsers that accept it and gzip to the rest", async () => {
    const page = await request(BASE, "GET", "/");
    const fetchAs = (asset: string, encoding: string) =>
      request(BASE, "GET", asset, { headers: { "Accept-Encoding": encoding } });
    // The home page's biggest script: nginx sends files under 1 KB as they are.
    const scripts = [...new Set(page.body.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
    const sized = await Promise.all(
      scripts.map(async (asset) => ({
        asset,
        bytes: (await fetchAs(asset, "identity")).body.length,
      })),
    );
    const { asset, bytes } = sized.sort((a, b) => b.bytes - a.bytes)[0] ?? { asset: "", bytes: 0 };
    expect(bytes, `the biggest script of the home page (${asset})`).toBeGreaterThan(1024);
    const brotli = await fetchAs(asset, "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await fetchAs(asset, "gzip")).headers["content-encoding"]).toBe("gzip");
    expect((await fetchAs(asset, "identity")).headers["content-encoding"]).toBeUndefined();
  });

  it("compresses the pages itself, so a visitor's cached page comes from the app's page-cache edge", async () => {
    const browser = { headers: { "Accept-Encoding": "gzip, deflate, br" } };
    // Each instance renders the page once; nginx spreads the requests over both.
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await request(BASE, "GET", "/faq", browser));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"], "Brotli, from nginx").toBe("br");
    }
    // The instances were asked for identity: the edge answers only uncompressed hits.
    expect(answers.map((answer) => answer.headers["x-cache"])).toContain("HIT");
    expect(
      (await request(BASE, "GET", "/faq", { headers: { "Accept-Encoding": "gzip" } })).headers[
        "content-encoding"
      ],
    ).toBe("gzip");
  });

  it("serves /metrics on each instance's loopback port only, counting what happened", async () => {
    expect((await request(BASE, "GET", "/metrics")).status, "/metrics through nginx").toBe(404);
    expect(
      (await request(direct(0), "GET", "/metrics")).status,
      "/metrics on the public port",
    ).toBe(404);
    const scraped = await request(`http://127.0.0.1:${METRICS_PORTS[0]}`, "GET", "/metrics");
    expect(scraped.status).toBe(200);
    const openings = Number(/^packvault_pack_openings_total (\d+)/m.exec(scraped.body)?.[1] ?? 0);
    expect(openings, "openings counted by instance 1").toBeGreaterThan(0);
    expect(scraped.body).toMatch(
      /^packvault_http_request_duration_seconds_count\{[^}]*route="routes\/pack\.open"/m,
    );
  });
});

/** The instances' log lines (JSON lines, and stack traces React Router prints). */
const instanceLogLines = () =>
  instances.flatMap((instance, i) =>
    readFileSync(instance.logFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => `instance ${i + 1}: ${line}`),
  );

/** Prints what the instances logged about `failed` requests (by request id), and every error. */
function printInstanceErrors(failed: Sample[]) {
  const lines = instanceLogLines();
  const rids = failed.flatMap((s) => (s.rid ? [s.rid] : []));
  const about = lines.filter((line) => rids.some((rid) => line.includes(rid)));
  const errors = lines.filter((line) => /"level":(50|60)|Error|^\s+at /.test(line));
  console.log(
    [
      `The instances' log lines of the failed requests (${rids.length} with a request id):`,
      ...about.map((line) => line.slice(0, 2_000)),
      `Their errors and stack traces (${WORK}/instance-*.log):`,
      ...errors.slice(0, 80).map((line) => line.slice(0, 2_000)),
    ].join("\n"),
  );
}

/** Each sign-in's start in the load, and its time at the client and in the instance's log. */
function signInTimes() {
  const logged = new Map<string, number>();
  for (const line of instanceLogLines()) {
    const match = /"id":"([0-9a-f]{32})".*"responseTime":(\d+)/.exec(line);
    if (match) logged.set(match[1]!, Number(match[2]));
  }
  return samples
    .filter((s) => s.kind === "sign-in")
    .map((s) => {
      const started = s.at - s.ms - loadStart;
      const server = s.rid ? (logged.get(s.rid) ?? "-") : "-";
      return `+${started} ${s.ms}/${server}${s.failed ? ` (${s.status})` : ""}`;
    })
    .join(", ");
}

function p99(values: number[]) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

function printSummary(duringCount: number, failedDuring: number) {
  const kinds = [...new Set(samples.map((s) => s.kind))];
  const lines = [
    "",
    `Topology run: ${COLLECTORS} collectors + ${VISITORS} visitors through nginx for ${Math.round((loadEnd - loadStart) / 1000)} s, 2 instances (WEB_CONCURRENCY=1)`,
    "| kind     | requests | failed (5xx/network) | p99 ms |",
    "| -------- | -------- | -------------------- | ------ |",
    ...kinds.map((kind) => {
      const of = samples.filter((s) => s.kind === kind);
      return `| ${kind.padEnd(8)} | ${String(of.length).padStart(8)} | ${String(of.filter((s) => s.failed).length).padStart(20)} | ${String(p99(of.map((s) => s.ms))).padStart(6)} |`;
    }),
    `| all      | ${String(samples.length).padStart(8)} | ${String(samples.filter((s) => s.failed).length).padStart(20)} | ${String(p99(samples.map((s) => s.ms))).padStart(6)} |`,
    "",
    `acknowledged: ${acked.topUps.length} top-ups, ${acked.openings.length} openings, ${acked.buybacks.length} buybacks, ${acked.listings.length} listings, ${acked.buys.length} purchases, ${acked.orders.length} orders; ${acked.replays} replays of acknowledged keys; ${retries} client retries`,
    `sign-ins (start, client ms / instance ms): ${signInTimes()}`,
    `kills: ${kills.length} (kill -9 of instance 2); recovery to /readyz: ${kills.map((k) => `${k.recoveryMs} ms`).join(", ")}`,
    `during the kills (kill to ready + ${SETTLE_MS / 1000} s): ${duringCount} requests, ${failedDuring} failed (${((100 * failedDuring) / Math.max(1, duringCount)).toFixed(2)} %)`,
    "",
  ];
  console.log(lines.join("\n"));
}
