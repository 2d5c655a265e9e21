import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { headerCounts } from "~/.server/account/header-counts";
import { updateProfile } from "~/.server/account/profile";
import { addToCart } from "~/.server/cart/cart";
import { notify } from "~/.server/notifications/notify";
import { revokeSessions } from "~/.server/account/sessions";
import { SESSION_CACHE_SECONDS, sessionLookupFor } from "~/.server/auth/session-cache";
import { lookupSessionUser } from "~/.server/auth/session-user";
import { readDataVersion } from "~/.server/db/data-version";
import { queryRows } from "~/.server/db/rows";
import { profiles, session, userRoles } from "~/.server/db/schema";
import { startPause } from "~/.server/play/pause";
import { playPromptsOf } from "~/.server/play/status";
import { browserHeaders, cookieFrom, signUpAndSignIn } from "../helpers/auth";
import { makeProduct } from "../helpers/commerce";
import { fund } from "../helpers/packs";
import { databaseForFile, authForFile } from "../helpers/file-setup";

const db = databaseForFile();
const auth = authForFile(db);

const signIn = async (email: string) => {
  const person = await signUpAndSignIn(auth, {
    name: "Ada Collector",
    email,
    password: "correct horse battery",
  });
  return { id: person.id, cookie: cookieFrom(person.headers) };
};
const lookUp = (cookie: string) => lookupSessionUser(auth, db.db, browserHeaders(cookie));

describe("the per-request session lookup", () => {
  it("reads the session, profile, role and play account in one statement, Better Auth's part from its cookie cache", async () => {
    const ada = await signIn("ada-lookup@example.com");
    const joined = vi.spyOn(db.db.query.session, "findFirst");
    const selects = vi.spyOn(db.db, "select");
    try {
      const { user } = await lookUp(ada.cookie);
      expect(user).toMatchObject({ id: ada.id, email: "ada-lookup@example.com", role: "user" });
      expect(joined).toHaveBeenCalledTimes(0);
      expect(selects).toHaveBeenCalledTimes(1);
      // Without the session_data cookie (or once it is older than its maxAge) Better Auth reads
      // the session and its profile first, and sends a new one.
      const tokenOnly = ada.cookie.split("; ").filter((pair) => !pair.includes("session_data"));
      const renewed = await lookUp(tokenOnly.join("; "));
      expect(renewed.user?.id).toBe(ada.id);
      expect(renewed.setCookies.some((cookie) => cookie.includes("session_data="))).toBe(true);
      expect(joined).toHaveBeenCalledTimes(1);
      expect(selects).toHaveBeenCalledTimes(2);
    } finally {
      joined.mockRestore();
      selects.mockRestore();
    }
  });

  it("reads the name and email verification now, not from the cookie cache", async () => {
    const fay = await signIn("fay-lookup@example.com");
    expect((await lookUp(fay.cookie)).user).toMatchObject({ fullName: "Ada Collector" });
    const as = db.ctx({ actor: { userId: fay.id, role: "user" }, now: new Date() });
    await updateProfile(as, { fullName: "Fay Renamed" });
    expect((await lookUp(fay.cookie)).user).toMatchObject({ fullName: "Fay Renamed" });
  });

  it("applies a role change on the next request", async () => {
    const ben = await signIn("ben-lookup@example.com");
    expect((await lookUp(ben.cookie)).user?.role).toBe("user");
    await db.db.insert(userRoles).values({ userId: ben.id, role: "moderator" });
    expect((await lookUp(ben.cookie)).user?.role).toBe("moderator");
    await db.db.update(userRoles).set({ role: "user" }).where(eq(userRoles.userId, ben.id));
    expect((await lookUp(ben.cookie)).user?.role).toBe("user");
  });

  it("applies a break started elsewhere on the next request", async () => {
    const eve = await signIn("eve-lookup@example.com");
    expect((await lookUp(eve.cookie)).user?.playAccount).toBeNull();
    const now = new Date();
    await startPause(db.ctx({ actor: { userId: eve.id, role: "user" }, now }), { length: "24h" });
    const { user } = await lookUp(eve.cookie);
    expect(playPromptsOf(user!.playAccount, now).pause?.kind).toBe("break");
  });

  it("finds no user once the session is signed out or revoked", async () => {
    const cy = await signIn("cy-lookup@example.com");
    expect((await lookUp(cy.cookie)).user?.id).toBe(cy.id);
    await auth.api.signOut({ headers: browserHeaders(cy.cookie) });
    expect((await lookUp(cy.cookie)).user).toBeNull();

    const dee = await signIn("dee-lookup@example.com");
    expect((await lookUp(dee.cookie)).user?.id).toBe(dee.id);
    // Signing out everywhere from another device (the account page's session list) deletes the row.
    await db.db.delete(session).where(eq(session.userId, dee.id));
    expect((await lookUp(dee.cookie)).user).toBeNull();
  });

  it("reads the header's counts in the same statement when asked, as they are after the last write", async () => {
    const gil = await signIn("gil-lookup@example.com");
    const withHeader = () =>
      lookupSessionUser(auth, db.db, browserHeaders(gil.cookie), { withHeader: true });
    const selects = vi.spyOn(db.db, "select");
    try {
      const first = await withHeader();
      expect(first.user?.id).toBe(gil.id);
      expect(first.header).toEqual({ cartUnits: 0, walletBalanceCents: 0, unreadNotifications: 0 });
      expect(selects).toHaveBeenCalledTimes(1);
    } finally {
      selects.mockRestore();
    }
    const as = db.ctx({ actor: { userId: gil.id, role: "user" }, now: new Date() });
    const productId = await makeProduct(db, { name: "Header Holo", priceCents: 500, stock: 5 });
    await addToCart(as, { productId });
    await addToCart(as, { productId });
    await fund(db, gil.id, 4200);
    await notify(db.ctx(), {
      userId: gil.id,
      kind: "achievement.unlocked",
      title: "Unread",
      body: "b",
      key: `header:${gil.id}`,
    });
    const { header } = await withHeader();
    expect(header).toEqual({ cartUnits: 2, walletBalanceCents: 4200, unreadNotifications: 1 });
    // The same numbers as the root loader's own read, which a request without them uses.
    expect(header).toEqual(await headerCounts(as));
    expect((await lookUp(gil.cookie)).header).toBeNull();
  });

  it("finds no user for a forged cookie", async () => {
    expect((await lookUp("packvault.session_token=forged.value")).user).toBeNull();
  });
});

/**
 * The lookup the server uses (`sessionLookupFor`): cached on PGlite, where every write passes
 * through this process; the plain lookup on PostgreSQL. Either way a change applies on the very
 * next request.
 */
describe("the server's session lookup (cached on PGlite)", () => {
  let clock = Date.parse("2026-11-01T12:00:00Z");
  const serverLookup = () => sessionLookupFor(auth, db, () => clock);
  /** Statements a lookup sends: Better Auth's joined read (none from its cookie cache) and ours. */
  const statementsOf = async (run: () => Promise<unknown>) => {
    const joined = vi.spyOn(db.db.query.session, "findFirst");
    const selects = vi.spyOn(db.db, "select");
    try {
      await run();
      return joined.mock.calls.length + selects.mock.calls.length;
    } finally {
      joined.mockRestore();
      selects.mockRestore();
    }
  };

  it("answers a repeated lookup without a statement on PGlite, for 30 seconds at most", async () => {
    const ada = await signIn("ada-cache@example.com");
    const lookup = serverLookup();
    const headers = browserHeaders(ada.cookie);
    // One statement: Better Auth answers from its cookie cache, readSessionUser reads the rest.
    expect(await statementsOf(() => lookup(headers))).toBe(1);
    const again = await statementsOf(async () => {
      expect((await lookup(headers)).user?.id).toBe(ada.id);
    });
    expect(again).toBe(db.onWrite ? 0 : 1);
    clock += SESSION_CACHE_SECONDS * 1000;
    expect(await statementsOf(() => lookup(headers))).toBe(1);
  });

  it("applies a role change, a break and a new name on the next request", async () => {
    const ben = await signIn("ben-cache@example.com");
    const lookup = serverLookup();
    const headers = browserHeaders(ben.cookie);
    expect((await lookup(headers)).user?.role).toBe("user");
    await db.db.insert(userRoles).values({ userId: ben.id, role: "moderator" });
    expect((await lookup(headers)).user?.role).toBe("moderator");
    await db.db.update(userRoles).set({ role: "user" }).where(eq(userRoles.userId, ben.id));
    expect((await lookup(headers)).user?.role).toBe("user");

    const now = new Date(clock);
    const as = db.ctx({ actor: { userId: ben.id, role: "user" }, now });
    await startPause(as, { length: "24h" });
    const paused = (await lookup(headers)).user!;
    expect(playPromptsOf(paused.playAccount, now).pause?.kind).toBe("break");

    await updateProfile(as, { fullName: "Ben Renamed" });
    expect((await lookup(headers)).user?.fullName).toBe("Ben Renamed");
  });

  it("finds no user on the next request after a sign-out or a revoke", async () => {
    const lookup = serverLookup();
    const cy = await signIn("cy-cache@example.com");
    expect((await lookup(browserHeaders(cy.cookie))).user?.id).toBe(cy.id);
    await auth.api.signOut({ headers: browserHeaders(cy.cookie) });
    expect((await lookup(browserHeaders(cy.cookie))).user).toBeNull();

    const dee = await signIn("dee-cache@example.com");
    const deeHeaders = browserHeaders(dee.cookie);
    const { user } = await lookup(deeHeaders);
    expect(user?.id).toBe(dee.id);
    // 'Sign out everywhere' from the account page's session list.
    const as = db.ctx({ actor: { userId: dee.id, role: "user" }, now: new Date(clock) });
    await revokeSessions(as, { scope: "global", currentSessionId: user!.sessionId });
    expect((await lookup(deeHeaders)).user).toBeNull();
  });
});

/** A data version's `xmax`: the first transaction id not yet ended when it was read. */
const xmaxOf = (version: string | null) => BigInt(/^\d+:(\d+):/.exec(version ?? "")![1]!);

describe("the database's data version", () => {
  // On PostgreSQL other test files write to the same server at the same time, and the version
  // is the whole server's: these tests assert what holds whatever they do.
  it("is not moved by reads (they take no transaction id), and moves with every write that ends", async () => {
    const ada = await signIn("ada-version@example.com");
    const idOfReads = await db.db.transaction(async (tx) => {
      await tx.select().from(profiles).where(eq(profiles.id, ada.id));
      const [row] = await queryRows<{ id: string | null }>(
        tx,
        sql`select pg_current_xact_id_if_assigned()::text as id`,
      );
      return row!.id;
    });
    expect(idOfReads).toBeNull();

    const before = await readDataVersion(db.db);
    const as = db.ctx({ actor: { userId: ada.id, role: "user" }, now: new Date() });
    await updateProfile(as, { fullName: "Ada Renamed" });
    const afterWrite = await readDataVersion(db.db);
    expect(xmaxOf(afterWrite)).toBeGreaterThan(xmaxOf(before));

    await expect(
      db.db.transaction(async (tx) => {
        await tx.update(profiles).set({ fullName: "Never" }).where(eq(profiles.id, ada.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(xmaxOf(await readDataVersion(db.db))).toBeGreaterThan(xmaxOf(afterWrite));
  });

  it("is read by the session lookup in its one statement", async () => {
    const bo = await signIn("bo-version@example.com");
    const selects = vi.spyOn(db.db, "select");
    try {
      const before = await readDataVersion(db.db);
      const found = await lookUp(bo.cookie);
      expect(selects).toHaveBeenCalledTimes(1);
      expect(found.user?.id).toBe(bo.id);
      expect(xmaxOf(found.dataVersion)).toBeGreaterThanOrEqual(xmaxOf(before));
      expect(xmaxOf(await readDataVersion(db.db))).toBeGreaterThanOrEqual(
        xmaxOf(found.dataVersion),
      );
    } finally {
      selects.mockRestore();
    }
    expect((await lookUp("")).dataVersion).toBeNull();
  });

  it("comes with a session lookup only when the lookup read it now, never from PGlite's cache", async () => {
    const cy = await signIn("cy-version@example.com");
    const lookup = sessionLookupFor(auth, db);
    const first = await lookup(browserHeaders(cy.cookie));
    expect(first.dataVersion).toMatch(/^\d+:\d+:/);
    const again = await lookup(browserHeaders(cy.cookie));
    expect(again.user?.id).toBe(cy.id);
    if (db.onWrite) expect(again.dataVersion).toBeNull();
    else expect(xmaxOf(again.dataVersion)).toBeGreaterThanOrEqual(xmaxOf(first.dataVersion));
  });
});
