import { count, eq, isNotNull, and } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedUsers } from "~/.server/setup/seed-users";
import { makeCtx } from "~/.server/context";
import {
  jobs,
  listings,
  notifications,
  packOpenings,
  profiles,
  salesActivity,
  userAchievements,
  walletEntries,
} from "~/.server/db/schema";
import { MAIL_JOB } from "~/.server/mail/mail-jobs";
import { seedIfEmpty } from "~/.server/setup/seed";
import { DEMO_CROWD, seedDemoActivity } from "~/.server/setup/seed/demo-activity";
import { loadListing } from "~/.server/market/listings";
import { loadLeaderboard } from "~/.server/rewards/leaderboard";
import { createTestAuth } from "../helpers/auth";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { expectMarketConsistent } from "../helpers/market";
import { expectLedgerBalanced } from "../helpers/packs";

const log = pino({ level: "silent" });
const NOW = new Date("2026-11-25T12:00:00Z");
let db: TestDatabase;

/** What a visitor would see change: row counts of every table the demo fills. */
async function snapshot() {
  const n = async (table: PgTable) => (await db.db.select({ n: count() }).from(table))[0]!.n;
  return {
    profiles: await n(profiles),
    openings: await n(packOpenings),
    listings: await n(listings),
    sales: await n(salesActivity),
    achievements: await n(userAchievements),
    entries: await n(walletEntries),
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  await seedIfEmpty(db.db, NOW);
  vi.spyOn(console, "log").mockImplementation(() => {});
  await seedUsers({ db: db.db, auth: createTestAuth(db), env: {}, log });
  vi.mocked(console.log).mockRestore();
});
afterAll(() => db.destroy());

describe("the demo shop on a new database", () => {
  it("gives demo collectors listings, sales, rankings and achievements, money through the ledger", async () => {
    expect(await seedDemoActivity(db.db, log, NOW)).toBe(true);

    const demo = await db.db.select().from(profiles).where(eq(profiles.isDemo, true));
    expect(demo).toHaveLength(2 + DEMO_CROWD.length);
    const admin = await db.db.select().from(profiles).where(eq(profiles.isDemo, false));
    expect(admin).toHaveLength(1);

    const active = await db.db.select().from(listings).where(eq(listings.status, "active"));
    expect(active.length).toBeGreaterThanOrEqual(6);
    expect(active.every((l) => l.cardId !== null && l.imageUrl === null)).toBe(true);
    // Every demo pull is listed under its game: a basketball or sports card as "Sports", never
    // "Other" (docs/decisions/033-sports-listing-category.md).
    const everyListing = await db.db.select().from(listings);
    expect(everyListing.filter((l) => l.category === "Other")).toEqual([]);
    expect(everyListing.some((l) => l.category === "Sports")).toBe(true);
    const marketSales = await db.db
      .select()
      .from(salesActivity)
      .where(and(eq(salesActivity.kind, "market"), isNotNull(salesActivity.sellerId)));
    expect(marketSales.length).toBeGreaterThanOrEqual(2);
    for (const sale of marketSales) {
      expect(sale.soldAt.getTime()).toBeLessThan(NOW.getTime());
      expect(sale.soldAt.getTime()).toBeGreaterThan(NOW.getTime() - 7 * 86_400_000);
    }

    const board = await loadLeaderboard(makeCtx({ db: db.db, actor: null, now: () => NOW, log }));
    expect(board.rows.length).toBe(demo.length);
    expect(board.rows.every((row) => row.points > 0 && row.isDemo)).toBe(true);
    const shown = await loadListing(
      makeCtx({ db: db.db, actor: null, now: () => NOW, log }),
      active[0]!.id,
    );
    expect(shown).toMatchObject({ sellerIsDemo: true, status: "active" });
    const [unlocked] = await db.db.select({ n: count() }).from(userAchievements);
    expect(unlocked!.n).toBeGreaterThanOrEqual(demo.length);

    await expectLedgerBalanced(db);
    await expectMarketConsistent(db);
  });

  it("mails nobody: the demo's sales, offers and notices queue no mail", async () => {
    const inApp = await db.db.select({ n: count() }).from(notifications);
    expect(inApp[0]!.n).toBeGreaterThan(0);
    const mails = await db.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
    expect(mails.map((job) => (job.payload as { to: string }).to)).toEqual([]);
  });

  it("changes nothing on a later start", async () => {
    const before = await snapshot();
    expect(await seedIfEmpty(db.db, new Date())).toBe(false);
    expect(await seedUsers({ db: db.db, auth: createTestAuth(db), env: {}, log })).toEqual([]);
    expect(await seedDemoActivity(db.db, log, new Date())).toBe(false);
    expect(await snapshot()).toEqual(before);
  });
});
