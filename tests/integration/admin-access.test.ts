import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can } from "~/.server/policy/permissions";
import type { Auth } from "~/.server/policy/auth";
import {
  adminAuditLog,
  blockedEntities,
  packs,
  profiles,
  redemptions,
  session,
  slabs,
  submissionRequests,
  orders,
  userRoles,
  walletPayouts,
  type UserRole,
} from "~/.server/db/schema";
import { addToCart } from "~/.server/cart/cart";
import { checkout } from "~/.server/orders/checkout";
import { requestWithdrawal } from "~/.server/wallet/withdrawals";
import { withdrawSchema } from "~/lib/schemas/wallet";
import { parsed } from "../helpers/forms";
import { ADMIN_TABS, type AdminTab, type AdminTabServer } from "~/routes/+admin/tab-contract";
import { action, loader } from "~/routes/admin";
import { createTestAuth, TEST_ORIGIN } from "../helpers/auth";
import {
  as,
  formPost,
  makeCollector,
  makeProduct,
  makeStaff,
  routeContext,
  sessionUserOf,
  type Collector,
} from "../helpers/commerce";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { buyerWith, buyOffer, listCard, marketSnapshot, vaultCard } from "../helpers/market";
import { fundedCollector, makePack, stockSlabs } from "../helpers/packs";
import { springfieldCheckout, springfieldShipping } from "../helpers/shipping";

/**
 * The authorization matrix of /admin (docs/product/administration.md "Roles and capabilities"): a visitor, a user, a
 * moderator and an admin against the loader of every tab and every intent every tab module
 * exports, each intent posted with a form that would change something. Refused requests
 * change nothing (every table an admin form can touch, audit log included).
 */

// Every tab module (app/routes/+admin/<tab>.server.ts exports `<tab>Tab`), found on disk so a
// tab added later is covered without editing this file.
const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/+admin/*.server.ts", {
  eager: true,
});
const TAB_MODULES = new Map<string, AdminTabServer<unknown>>();
for (const [file, exports] of Object.entries(modules)) {
  const tab = /\/([a-z]+)\.server\.ts$/.exec(file)?.[1];
  const server = tab ? exports[`${tab}Tab`] : undefined;
  if (tab && server) TAB_MODULES.set(tab, server as AdminTabServer<unknown>);
}
const INTENTS = [...TAB_MODULES].flatMap(([tab, server]) =>
  Object.entries(server.intents).map(([name, intent]) => ({ tab, name, intent })),
);

type Person = "visitor" | UserRole;

let db: TestDatabase;
let auth: Auth;
const staff = {} as Record<UserRole, Collector>;
beforeAll(async () => {
  db = await createTestDatabase();
  auth = createTestAuth(db);
  for (const role of ["user", "moderator", "admin"] as const) {
    staff[role] = await makeCollector(db);
    if (role !== "user") await db.db.insert(userRoles).values({ userId: staff[role].id, role });
  }
});
afterAll(() => db.destroy());

/** The route context of `person` (null user for a visitor), with their role. */
function contextOf(person: Person): AppLoadContext {
  if (person === "visitor") return routeContext(db, auth, null);
  const context = routeContext(db, auth, staff[person]);
  return { ...context, user: { ...context.user!, role: person } };
}

type Answer = { status: number; location: string | null; body: unknown };

/** Runs a loader or action and reads its answer, thrown redirects and `data()` included. */
async function answerOf(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), body: null };
  }
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const init = (value as { init: ResponseInit | null }).init;
    return { status: init?.status ?? 200, location: null, body: (value as { data: unknown }).data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value };
}

const load = (person: Person, tab: string) =>
  answerOf(() =>
    loader({
      request: new Request(`${TEST_ORIGIN}/admin?tab=${tab}`),
      params: {},
      context: contextOf(person),
    } as Parameters<typeof loader>[0]),
  );

const post = (person: Person, tab: string, fields: Record<string, string>) =>
  answerOf(() =>
    action({
      request: formPost(`/admin?tab=${tab}`, fields),
      params: {},
      context: contextOf(person),
    } as Parameters<typeof action>[0]),
  );

/** Every row an admin form can change, in id order. */
async function snapshot() {
  return {
    market: await marketSnapshot(db),
    profiles: await db.db.select().from(profiles).orderBy(asc(profiles.id)),
    roles: await db.db.select().from(userRoles).orderBy(asc(userRoles.userId)),
    sessions: await db.db.select().from(session).orderBy(asc(session.id)),
    blocks: await db.db.select().from(blockedEntities).orderBy(asc(blockedEntities.id)),
    packs: await db.db.select().from(packs).orderBy(asc(packs.id)),
    payouts: await db.db.select().from(walletPayouts).orderBy(asc(walletPayouts.id)),
    orders: await db.db.select().from(orders).orderBy(asc(orders.id)),
    slabs: await db.db.select().from(slabs).orderBy(asc(slabs.id)),
    audit: await db.db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.id)),
  };
}
const auditCount = async () => (await db.db.select({ n: count() }).from(adminAuditLog))[0]!.n;

/**
 * Fresh rows for one request and a form for each intent that would change them: a deletable
 * user with a session, a block, a pack without openings, a listing with a pending offer, a
 * redemption and a submission. Unknown intents get every field at once (each takes its own).
 */
async function fixtures(): Promise<Record<string, Record<string, string>>> {
  const target = await makeCollector(db);
  await db.db.insert(session).values({
    id: `s_${randomBytes(6).toString("hex")}`,
    token: randomBytes(16).toString("hex"),
    userId: target.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const [block] = await db.db
    .insert(blockedEntities)
    .values({
      entityType: "ip",
      entityValue: `198.51.100.${Math.floor(Math.random() * 250)}`,
      reason: "Test",
    })
    .returning({ id: blockedEntities.id });
  const packId = await makePack(db);
  const [houseSlab] = await stockSlabs(db, {
    category: "Pokemon",
    fmvCents: Array(8).fill(2_000),
  });
  const [pooledSlab] = await db.db
    .select({ id: slabs.id })
    .from(slabs)
    .where(and(eq(slabs.packId, packId), eq(slabs.poolTier, "common")))
    .limit(1);
  // A slab in intake (the Inventory tab's forms), of a pool's card.
  const [pooled] = await db.db.select().from(slabs).where(eq(slabs.packId, packId)).limit(1);
  const [slab] = await db.db
    .insert(slabs)
    .values({
      cardId: pooled!.cardId,
      grader: "CGC",
      cert: String((randomBytes(4).readUInt32BE() % 900_000_000) + 100_000_000),
      grade: 9.5,
      fmvCents: 2_000,
      costCents: 1_000,
      acquiredOn: "2026-10-01",
      bin: "ACCESS-1",
    })
    .returning({ id: slabs.id });
  const owner = await makeCollector(db);
  const cardId = await vaultCard(db, owner);
  const redeemedCard = await vaultCard(db, owner);
  const [redemption] = await db.db
    .insert(redemptions)
    .values({
      userId: owner.id,
      cardId: redeemedCard,
      ...springfieldShipping(),
    })
    .returning({ id: redemptions.id });
  const [submission] = await db.db
    .insert(submissionRequests)
    .values({
      userId: owner.id,
      itemName: "Signed comic",
      itemDescription: "A signed first issue in a sleeve",
      category: "Comics",
    })
    .returning({ id: submissionRequests.id });
  const listingId = await listCard(db, owner, cardId, "25.00");
  const offerId = await buyOffer(db, await buyerWith(db, 10_000), listingId, "20.00");
  const shopper = await fundedCollector(db, 10_000);
  await addToCart(as(db, shopper), {
    productId: await makeProduct(db, { name: "Matrix Pin", priceCents: 500, stock: 1_000 }),
  });
  const { orderId } = await checkout(as(db, shopper), {
    ...springfieldCheckout("Sam Shopper"),
  });
  const withdrawer = await fundedCollector(db, 5_000);
  const { payoutId } = await requestWithdrawal(
    db.ctx({ actor: { userId: withdrawer.id, role: "user" } }),
    parsed(withdrawSchema, {
      amount: "20.00",
      routingNumber: "110000000",
      accountNumber: "000123456789",
      idempotencyKey: randomUUID(),
    }),
  );

  // The pack form's fields without the card names; `generic` sends them with any other intent.
  const packFields = {
    name: "Admin Test Pack",
    description: "A pack created by the authorization matrix",
    category: "Pokemon",
    price: "9.99",
    availableCount: "5",
    isActive: "on",
    common: "85",
    uncommon: "10",
    rare: "4",
    legendary: "1",
  };
  const packForm: Record<string, string> = {
    ...packFields,
    commonNames: "Pidgey\nRattata",
    uncommonNames: "Pikachu",
    rareNames: "Gyarados",
    legendaryNames: "Mewtwo",
  };
  const known: Record<string, Record<string, string>> = {
    "update-user": {
      userId: target.id,
      email: `renamed-${randomBytes(3).toString("hex")}@example.com`,
      fullName: "Renamed Collector",
      role: "moderator",
    },
    "delete-user": { userId: target.id },
    "block-entity": {
      entityType: "email",
      entityValue: target.email,
      reason: "Chargebacks",
      blockedUntil: "",
    },
    "unblock-entity": { blockId: String(block!.id) },
    "delete-listing": { listingId: String(listingId) },
    // Created off sale: a new pack has no pool yet.
    "create-pack": { ...packForm, isActive: "", idempotencyKey: randomUUID() },
    // Its pool was composed at $25 (makePack): at that price it may stay on sale.
    "update-pack": { ...packForm, packId: String(packId), name: "Renamed Pack", price: "25.00" },
    "add-to-pool": { packId: String(packId), slabIds: String(houseSlab) },
    "remove-from-pool": { packId: String(packId), slabIds: String(pooledSlab!.id) },
    // 20 packs need 17 commons: the pool has 10, house stock gives the rest.
    "fill-pool": { packId: String(packId), units: "20" },
    "delete-pack": { packId: String(packId) },
    "update-redemption": {
      redemptionId: String(redemption!.id),
      status: "shipped",
      trackingNumber: "1Z999AA10123456784",
    },
    "update-submission": {
      submissionId: String(submission!.id),
      status: "offer_made",
      estimatedValue: "12.50",
      offerAmount: "10.00",
    },
    "delete-submission": { submissionId: String(submission!.id) },
    "decide-payout": { payoutId: String(payoutId), decision: "reject", note: "Checked by hand" },
    "update-order": { orderId: String(orderId), status: "processing" },
    "receive-slab": { slabId: String(slab!.id) },
    "write-off-slab": { slabId: String(slab!.id), reason: "Damaged on arrival" },
    "pin-slab-fmv": { slabId: String(slab!.id), fmv: "120.00", reason: "Appraised by hand" },
    "unpin-slab-fmv": { slabId: String(slab!.id), reason: "Back to the estimate" },
  };
  const generic: Record<string, string> = {
    userId: target.id,
    blockId: String(block!.id),
    packId: String(packId),
    listingId: String(listingId),
    offerId: String(offerId),
    redemptionId: String(redemption!.id),
    submissionId: String(submission!.id),
    id: String(packId),
    status: "processing",
    trackingNumber: "1Z999AA10123456784",
    estimatedValue: "12.50",
    offerAmount: "10.00",
    ...packFields,
    payoutId: String(payoutId),
    decision: "reject",
    orderId: String(orderId),
  };
  return new Proxy(known, {
    get: (target, name: string) => target[name] ?? generic,
    has: (target, name: string) => name in target,
  });
}

describe("every tab module of the admin page", () => {
  it("is present for each tab and exports a loader part and its intents", () => {
    expect([...TAB_MODULES.keys()].sort()).toEqual([...ADMIN_TABS].sort());
    for (const server of TAB_MODULES.values()) {
      expect(typeof server.load).toBe("function");
      expect(typeof server.intents).toBe("object");
    }
  });

  it("names each intent once across tabs and gives it the spec's titles", () => {
    const names = INTENTS.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
    for (const { intent } of INTENTS) {
      expect(intent.successTitle).toMatch(/ successfully$/);
      expect(intent.errorTitle).toMatch(/^Error /);
    }
  });
});

describe.each(ADMIN_TABS as readonly AdminTab[])("the %s tab's loader", (tab) => {
  it("sends a visitor to /auth (back to this tab afterwards)", async () => {
    const answer = await load("visitor", tab);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/admin?tab=${tab}`)}`);
  });

  it("sends a signed-in user without a staff role to /", async () => {
    expect(await load("user", tab)).toMatchObject({ status: 302, location: "/" });
  });

  it.each(["moderator", "admin"] as const)("shows it to a %s", async (role) => {
    const answer = await load(role, tab);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ view: { tab }, role });
  });
});

// The matrix builds fresh fixtures for each of ~30 intents (the pool's three included): on a
// loaded machine that passes 30 s on PGlite, so these tests get a minute.
describe("the admin page's action", { timeout: 60_000 }, () => {
  it("sends a visitor's post to /auth and a user's gets 403, for every intent: nothing changes", async () => {
    for (const { tab, name } of INTENTS) {
      const forms = await fixtures();
      const before = await snapshot();
      const visitor = await post("visitor", tab, { intent: name, ...forms[name] });
      expect(visitor.status, name).toBe(302);
      expect(visitor.location, name).toMatch(/^\/auth\?redirectTo=/);
      const user = await post("user", tab, { intent: name, ...forms[name] });
      expect(user.status, name).toBe(403);
      expect(await snapshot(), name).toEqual(before);
    }
  });

  it("gives a moderator 403 with the message for every admin-only intent and changes nothing", async () => {
    const adminOnly = INTENTS.filter(({ intent }) => !can("moderator", intent.capability));
    expect(adminOnly.map((i) => i.name)).toEqual(
      expect.arrayContaining(["update-user", "delete-user", "block-entity", "unblock-entity"]),
    );
    for (const { tab, name } of adminOnly) {
      const forms = await fixtures();
      const before = await snapshot();
      const answer = await post("moderator", tab, { intent: name, ...forms[name] });
      // Thrown, so the page's loader cannot replace it: the error page shows the message.
      expect(answer.status, name).toBe(403);
      expect(answer.body, name).toBe("You do not have permission to do that.");
      expect(await snapshot(), name).toEqual(before);
    }
  });

  it("lets a moderator post the intents moderators may use (delete listings, update submissions)", async () => {
    const shared = INTENTS.filter(({ intent }) => can("moderator", intent.capability));
    for (const { tab, name } of shared) {
      const forms = await fixtures();
      const audited = await auditCount();
      const answer = await post("moderator", tab, { intent: name, ...forms[name] });
      expect(answer.status, name).not.toBe(403);
      if (name in forms) {
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(302);
        expect(answer.location, name).toMatch(new RegExp(`^/admin\\?tab=${tab}`));
        expect(await auditCount(), `${name} is audited`).toBeGreaterThan(audited);
      }
    }
  });

  it("runs every intent for an admin: a change redirects back to its tab with an audit row", async () => {
    for (const { tab, name, intent } of INTENTS) {
      const forms = await fixtures();
      const audited = await auditCount();
      const answer = await post("admin", tab, { intent: name, ...forms[name] });
      expect(answer.status, name).not.toBe(403);
      if (answer.status === 302 || name in forms) {
        // Every intent this file knows a valid form for must succeed, and be audited.
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(302);
        expect(answer.location, name).toMatch(new RegExp(`^/admin\\?tab=${tab}`));
        expect(await auditCount(), `${name} is audited`).toBeGreaterThan(audited);
      } else {
        // A form the generic fixture cannot fill is refused with its error title: no change.
        expect(answer.status, name).toBeGreaterThanOrEqual(400);
        expect(answer.body, name).toMatchObject({ toasts: [{ title: intent.errorTitle }] });
      }
    }
  });

  it("answers an unknown or missing intent with 400 and changes nothing", async () => {
    const before = await snapshot();
    expect(await post("admin", "users", { intent: "drop-everything" })).toMatchObject({
      status: 400,
    });
    expect(await post("admin", "users", {})).toMatchObject({ status: 400 });
    expect(await snapshot()).toEqual(before);
  });

  it("shuts out a demoted admin on their next request", async () => {
    const former = await makeStaff(db, "admin");
    // What the server does on every request: the session's user with their role read now.
    const contextNow = async (): Promise<AppLoadContext> => ({
      ...routeContext(db, auth, former),
      user: await sessionUserOf(db, former),
    });
    const request = () => new Request(`${TEST_ORIGIN}/admin?tab=users`);
    const args = async () =>
      ({ request: request(), params: {}, context: await contextNow() }) as Parameters<
        typeof loader
      >[0];
    expect(await answerOf(async () => loader(await args()))).toMatchObject({ status: 200 });
    const demote = await post("admin", "users", {
      intent: "update-user",
      userId: former.id,
      email: former.email,
      fullName: "Former Admin",
      role: "user",
    });
    expect(demote.status).toBe(302);
    expect(await answerOf(async () => loader(await args()))).toMatchObject({
      status: 302,
      location: "/",
    });
    const posted = await answerOf(async () =>
      action({
        request: formPost("/admin?tab=users", { intent: "delete-user", userId: staff.user.id }),
        params: {},
        context: await contextNow(),
      } as Parameters<typeof action>[0]),
    );
    expect(posted.status).toBe(403);
  });
});
