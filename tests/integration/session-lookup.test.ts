import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Auth } from "~/.server/auth/auth";
import { lookupSessionUser } from "~/.server/auth/session-user";
import { session, userRoles } from "~/.server/db/schema";
import { startPause } from "~/.server/play/pause";
import { playPromptsOf } from "~/.server/play/status";
import { browserHeaders, cookieFrom, createTestAuth, signUpAndSignIn } from "../helpers/auth";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let db: TestDatabase;
let auth: Auth;
beforeAll(async () => {
  db = await createTestDatabase();
  auth = createTestAuth(db);
});
afterAll(() => db.destroy());

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
  it("reads the session and its profile in one joined query, then the role and play account", async () => {
    const ada = await signIn("ada-lookup@example.com");
    const joined = vi.spyOn(db.db.query.session, "findFirst");
    const selects = vi.spyOn(db.db, "select");
    try {
      const { user } = await lookUp(ada.cookie);
      expect(user).toMatchObject({ id: ada.id, email: "ada-lookup@example.com", role: "user" });
      expect(joined).toHaveBeenCalledTimes(1);
      // The role and play account's query only: the profile came with the session.
      expect(selects).toHaveBeenCalledTimes(1);
    } finally {
      joined.mockRestore();
      selects.mockRestore();
    }
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

  it("finds no user for a forged cookie", async () => {
    expect((await lookUp("packvault.session_token=forged.value")).user).toBeNull();
  });
});
