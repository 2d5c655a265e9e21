import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import type { AppLoadContext } from "react-router";
import { expect } from "vitest";
import { createSalesFeed } from "~/.server/sales-feed";
import type { Auth } from "~/.server/policy/auth";
import {
  categories,
  products,
  profiles,
  rewardTransactions,
  rewards,
  session,
  userRoles,
  type UserRole,
} from "~/.server/db/schema";
import { readSessionUser, type SessionUser } from "~/.server/auth/session-user";
import { TEST_ORIGIN, TEST_SECRET, browserHeaders } from "./auth";
import type { TestDatabase } from "./db";

export type Collector = { id: string; email: string; verified: boolean };

/** A collector inserted straight into profiles (the domain only needs the row). */
export async function makeCollector(
  db: TestDatabase,
  {
    verified = true,
    dateOfBirth = "1990-01-01",
  }: { verified?: boolean; dateOfBirth?: string | null } = {},
): Promise<Collector> {
  const id = `u_${randomBytes(6).toString("hex")}`;
  const email = `${id}@example.com`;
  await db.db
    .insert(profiles)
    .values({ id, email, fullName: "Casey Collector", emailVerified: verified, dateOfBirth });
  return { id, email, verified };
}

/**
 * The domain context, at `now`, of a collector whose id and name are `id` (a profiles row and
 * nothing else, which is all some domains read).
 */
export async function bareCollectorCtx(db: TestDatabase, id: string, now: Date) {
  await db.db.insert(profiles).values({ id, fullName: id, email: `${id}@example.com` });
  return db.ctx({ actor: { userId: id, role: "user" }, now });
}

/** A collector with staff role `role` (a plain collector for "user"), for the admin tests. */
export async function makeStaff(db: TestDatabase, role: UserRole): Promise<Collector> {
  const person = await makeCollector(db);
  if (role !== "user") await db.db.insert(userRoles).values({ userId: person.id, role });
  return person;
}

/**
 * What the server reads for `collector` on each request: a live session of theirs (made on the
 * first call, for a day), then its user with the role and play account read now.
 */
export async function sessionUserOf(db: TestDatabase, collector: Collector): Promise<SessionUser> {
  const id = `s_${collector.id}`;
  const expiresAt = new Date(Date.now() + 86_400_000);
  await db.db
    .insert(session)
    .values({ id, token: id, userId: collector.id, expiresAt })
    .onConflictDoNothing();
  return (await readSessionUser(db.db, id, new Date()))!;
}

/** A domain context acting as `collector`. */
export const as = (db: TestDatabase, collector: Collector) =>
  db.ctx({ actor: { userId: collector.id, role: "user" }, now: new Date() });

/** A product in its own category, priced in cents, with `stock` units. */
export async function makeProduct(
  db: TestDatabase,
  { name, priceCents, stock }: { name: string; priceCents: number; stock: number },
): Promise<number> {
  const slug = `c-${randomBytes(4).toString("hex")}`;
  const [category] = await db.db
    .insert(categories)
    .values({ name: slug, slug })
    .returning({ id: categories.id });
  const [product] = await db.db
    .insert(products)
    .values({
      name,
      categoryId: category!.id,
      priceCents,
      stock,
      rarity: "Rare",
      description: `${name} for tests`,
    })
    .returning({ id: products.id });
  return product!.id;
}

/** The draw log tag key of route contexts in tests. */
export const TEST_DRAW_LOG_TAG_KEY = "test-draw-log-tag-key";

/** The AppLoadContext a route sees for `collector` (or a visitor). */
export function routeContext(db: TestDatabase, auth: Auth, collector: Collector | null) {
  return {
    db: db.db,
    log: pino({ level: "silent" }),
    auth,
    // Media goes under DATA_DIR/media; a test that stores photos points it at its own folder.
    env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: path.join(tmpdir(), "packvault-test-data") },
    clientIp: "203.0.113.7",
    drawLogTagKey: TEST_DRAW_LOG_TAG_KEY,
    unsubscribeKey: TEST_SECRET,
    salesFeed: createSalesFeed({ log: pino({ level: "silent" }) }),
    user: collector && {
      id: collector.id,
      email: collector.email,
      fullName: "Casey Collector",
      emailVerified: collector.verified,
      twoFactorEnabled: false,
      role: "user",
      sessionId: "test-session",
    },
  } as unknown as AppLoadContext;
}

/** A browser's form POST to `path`. */
export const formPost = (path: string, fields: Record<string, string>) =>
  new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: browserHeaders(),
    body: new URLSearchParams(fields),
  });

/** The ledger checker (docs/design.md "Testing"): every balance equals the sum of its entries. */
export async function expectRewardLedgerBalanced(db: TestDatabase) {
  const balances = await db.db.select().from(rewards);
  const entries = await db.db.select().from(rewardTransactions);
  for (const balance of balances) {
    const sum = entries
      .filter((entry) => entry.userId === balance.userId)
      .reduce((total, entry) => total + entry.points, 0);
    expect(balance.points, `rewards of ${balance.userId}`).toBe(sum);
    expect(balance.points).toBeGreaterThanOrEqual(0);
  }
  const owners = new Set(balances.map((balance) => balance.userId));
  expect(entries.every((entry) => owners.has(entry.userId))).toBe(true);
}
