import { eq } from "drizzle-orm";
import pino from "pino";
import {
  afterAll,
  afterEach,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import type { Auth } from "~/.server/policy/auth";
import { DEFAULT_ADMIN_EMAIL, DEMO_COLLECTORS, seedUsers } from "~/.server/setup/seed-users";
import { mailOutbox, profiles, userRoles } from "~/.server/db/schema";
import { browserHeaders, createTestAuth } from "../helpers/auth";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

const log = pino({ level: "silent" });
const databases: TestDatabase[] = [];
afterAll(() => Promise.all(databases.map((db) => db.destroy())));

async function freshShop(): Promise<{ db: TestDatabase; auth: Auth }> {
  const db = await createTestDatabase();
  databases.push(db);
  return { db, auth: createTestAuth(db) };
}

let stdout: MockInstance<typeof console.log>;
beforeEach(() => {
  stdout = vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => stdout.mockRestore());
const printed = () => stdout.mock.calls.map((call) => call.join(" ")).join("\n");

const signIn = (auth: Auth, email: string, password: string) =>
  auth.api.signInEmail({ body: { email, password }, headers: browserHeaders() });

describe("seeding the accounts of a new shop", () => {
  it("creates a verified admin and two verified collectors, printing random passwords once", async () => {
    const { db, auth } = await freshShop();
    const created = await seedUsers({ db: db.db, auth, env: {}, log });

    expect(created.map((a) => [a.email, a.role])).toEqual([
      [DEFAULT_ADMIN_EMAIL, "admin"],
      ...DEMO_COLLECTORS.map((c) => [c.email, "user"]),
    ]);
    const rows = await db.db
      .select({
        email: profiles.email,
        name: profiles.fullName,
        verified: profiles.emailVerified,
        role: userRoles.role,
      })
      .from(profiles)
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.verified)).toBe(true);
    expect(rows.find((r) => r.email === DEFAULT_ADMIN_EMAIL)?.role).toBe("admin");
    expect(rows.filter((r) => r.role === "admin")).toHaveLength(1);
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(["Maya Collector", "Leo Trader"]),
    );
    // Seeding mails nobody.
    expect(await db.db.$count(mailOutbox)).toBe(0);

    // Printed once to stdout, one line per account with its password; each password works.
    expect(stdout).toHaveBeenCalledTimes(1);
    const passwords = new Set<string>();
    for (const account of created) {
      expect(account.generatedPassword).toMatch(/^[\w-]{24}$/);
      passwords.add(account.generatedPassword!);
      expect(printed()).toMatch(new RegExp(`${account.email}\\s+${account.generatedPassword}`));
      const session = await signIn(auth, account.email, account.generatedPassword!);
      expect(session.user.emailVerified).toBe(true);
    }
    expect(passwords.size).toBe(3);

    // A second start changes nothing and prints nothing.
    stdout.mockClear();
    expect(await seedUsers({ db: db.db, auth, env: {}, log })).toEqual([]);
    expect(stdout).not.toHaveBeenCalled();
    expect(await db.db.$count(profiles)).toBe(3);
    await expect(
      signIn(auth, DEFAULT_ADMIN_EMAIL, created[0]!.generatedPassword!),
    ).resolves.toBeTruthy();
  });

  it("takes the admin's credentials from ADMIN_EMAIL and ADMIN_PASSWORD without printing the password", async () => {
    const { db, auth } = await freshShop();
    const env = {
      ADMIN_EMAIL: "Owner@Shop.example",
      ADMIN_PASSWORD: "a long admin passphrase 2026",
    };
    const [admin] = await seedUsers({ db: db.db, auth, env, log });

    expect(admin).toMatchObject({
      email: "owner@shop.example",
      role: "admin",
      generatedPassword: null,
    });
    expect(printed()).toContain("owner@shop.example");
    expect(printed()).not.toContain(env.ADMIN_PASSWORD);
    const session = await signIn(auth, "owner@shop.example", env.ADMIN_PASSWORD);
    const [role] = await db.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, session.user.id));
    expect(role?.role).toBe("admin");
  });

  it("never touches an existing account, and never promotes one through ADMIN_EMAIL", async () => {
    const { db, auth } = await freshShop();
    await auth.api.signUpEmail({
      body: {
        name: "Maya Elsewhere",
        email: "maya@packvault.example",
        password: "her own password 55",
      },
      headers: browserHeaders(),
    });
    const first = await seedUsers({ db: db.db, auth, env: {}, log });
    expect(first.map((a) => a.email)).toEqual([DEFAULT_ADMIN_EMAIL, "leo@packvault.example"]);
    await expect(
      signIn(auth, "maya@packvault.example", "her own password 55"),
    ).resolves.toBeTruthy();
    const [maya] = await db.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, "maya@packvault.example"));
    expect(maya).toMatchObject({ fullName: "Maya Elsewhere", emailVerified: false });

    const { db: other, auth: otherAuth } = await freshShop();
    await otherAuth.api.signUpEmail({
      body: { name: "Somebody", email: "boss@shop.example", password: "somebody's password 1" },
      headers: browserHeaders(),
    });
    const seeded = await seedUsers({
      db: other.db,
      auth: otherAuth,
      env: { ADMIN_EMAIL: "boss@shop.example" },
      log,
    });
    expect(seeded.map((a) => a.role)).toEqual(["user", "user"]);
    expect(await other.db.$count(userRoles, eq(userRoles.role, "admin"))).toBe(0);
  });

  it("seeds once when several instances start together", async () => {
    const { db, auth } = await freshShop();
    const runs = await Promise.all(
      [1, 2, 3].map(() => seedUsers({ db: db.db, auth, env: {}, log })),
    );
    expect(runs.flat()).toHaveLength(3);
    expect(await db.db.$count(profiles)).toBe(3);
  });
});
