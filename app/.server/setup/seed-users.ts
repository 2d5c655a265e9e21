import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { account, profiles, userRoles, type UserRole } from "../db/schema";
import type { Env } from "../env";
import type { Auth } from "../policy/auth";
import { DEMO_STARTING_BALANCE_CENTS } from "./seed/packs-data";
import { postMovement } from "../wallet/ledger";

/** The admin's email when ADMIN_EMAIL is not set. */
export const DEFAULT_ADMIN_EMAIL = "admin@packvault.example";
/**
 * Demo collectors created with the admin (marked `is_demo`), so a fresh shop has someone to
 * trade with; app/.server/setup/seed/demo-activity.ts gives them activity.
 */
export const DEMO_COLLECTORS = [
  { fullName: "Maya Collector", email: "maya@packvault.example" },
  { fullName: "Leo Trader", email: "leo@packvault.example" },
] as const;
/** Serialises seeding across instances starting at once (the catalogue seed uses 7247). */
const SEED_USERS_LOCK = 7248;

/** An account the seed created; `generatedPassword` is null when ADMIN_PASSWORD chose it. */
export type SeededAccount = {
  email: string;
  fullName: string;
  role: UserRole;
  generatedPassword: string | null;
};

type PlannedAccount = SeededAccount & { password: string };

/** 144 random bits from node:crypto as 24 URL-safe characters. */
function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

function plannedAccounts(env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD">): PlannedAccount[] {
  const adminPassword = env.ADMIN_PASSWORD ?? generatePassword();
  const admin: PlannedAccount = {
    email: (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
    fullName: "PackVault Admin",
    role: "admin",
    password: adminPassword,
    generatedPassword: env.ADMIN_PASSWORD ? null : adminPassword,
  };
  return [
    admin,
    ...DEMO_COLLECTORS.map((c): PlannedAccount => {
      const password = generatePassword();
      return { ...c, role: "user", password, generatedPassword: password };
    }),
  ];
}

/** The one-time block on stdout (not the JSON log) that hands the passwords over. */
function printSeededAccounts(created: SeededAccount[]): void {
  const width = Math.max(...created.map((a) => a.email.length));
  const lines = created.map(
    (a) =>
      `  ${(a.role === "admin" ? "admin" : "collector").padEnd(10)} ${a.email.padEnd(width)}  ${
        a.generatedPassword ?? "(password from ADMIN_PASSWORD)"
      }`,
  );
  console.log(
    [
      "",
      "PackVault created these accounts. The passwords are shown only this once: keep them now.",
      ...lines,
      "Set ADMIN_EMAIL and ADMIN_PASSWORD before the first start to choose the admin's credentials.",
      "",
    ].join("\n"),
  );
}

/**
 * Seeds the accounts of a new shop (docs/product/accounts-and-security.md): an admin (role admin) and the two
 * {@link DEMO_COLLECTORS}, all with verified emails; each collector gets a wallet with
 * DEMO_STARTING_BALANCE_CENTS (a `top_up` ledger entry, docs/product/wallet.md "Adding funds"). Runs only while the database has no
 * admin, so a second start changes nothing and an account is never reseeded: a demo collector
 * who deleted their account stays deleted. The admin's email and password come from
 * ADMIN_EMAIL and ADMIN_PASSWORD; every password not given is random (node:crypto) and printed
 * once, with its email, to stdout. Passwords are hashed by Better Auth's own hasher and each
 * user gets the profile and credential account Better Auth's sign-up writes, all in one
 * transaction under an advisory lock, so instances starting together on one PostgreSQL seed
 * once. Calling Better Auth's sign-up instead would mail a verification link to each seeded
 * address and write outside the transaction.
 * When ADMIN_EMAIL already belongs to an account that is not an admin, that account is left
 * as it is (logged as a warning): an environment variable never promotes an existing user.
 * @returns the accounts created, empty when there was nothing to do.
 */
export async function seedUsers({
  db,
  auth,
  env,
  log,
}: {
  db: Database;
  auth: Auth;
  env: Pick<Env, "ADMIN_EMAIL" | "ADMIN_PASSWORD">;
  log: Logger;
}): Promise<SeededAccount[]> {
  const authContext = await auth.$context;
  const newId = (model: "user" | "account"): string => {
    const id = authContext.generateId({ model });
    if (!id) throw new Error("seedUsers needs Better Auth to generate ids");
    return id;
  };
  const planned = plannedAccounts(env);

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_USERS_LOCK})`);
    const [anyAdmin] = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(eq(userRoles.role, "admin"))
      .limit(1);
    if (anyAdmin) return [];

    const existing = await tx
      .select({ email: profiles.email })
      .from(profiles)
      .where(
        inArray(
          profiles.email,
          planned.map((a) => a.email),
        ),
      );
    const taken = new Set(existing.map((row) => row.email));
    if (taken.has(planned[0]!.email)) {
      log.warn(
        { email: planned[0]!.email },
        "ADMIN_EMAIL belongs to an account that is not an admin; left as it is",
      );
    }

    const done: SeededAccount[] = [];
    for (const { password, ...seeded } of planned.filter((a) => !taken.has(a.email))) {
      const userId = newId("user");
      await tx.insert(profiles).values({
        id: userId,
        fullName: seeded.fullName,
        email: seeded.email,
        emailVerified: true,
        // Demo accounts are adults (docs/decisions/010-responsible-play.md).
        dateOfBirth: "1990-01-01",
        // The collectors are demo data (docs/decisions/026-art-and-demo-shop.md).
        isDemo: seeded.role === "user",
      });
      await tx.insert(account).values({
        id: newId("account"),
        userId,
        accountId: userId,
        providerId: "credential",
        password: await authContext.password.hash(password),
      });
      if (seeded.role !== "user") await tx.insert(userRoles).values({ userId, role: seeded.role });
      else {
        await postMovement(tx, {
          kind: "top_up",
          reference: `seed:demo-balance:${userId}`,
          description: "Demo starting balance",
          legs: [{ account: { userId }, amountCents: DEMO_STARTING_BALANCE_CENTS }],
        });
      }
      done.push(seeded);
    }
    return done;
  });

  if (created.length > 0) printSeededAccounts(created);
  return created;
}
