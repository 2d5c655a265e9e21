// `npm run bench:auction`: a hot auction on PostgreSQL (docs/decisions/045-auctions-and-
// standing-bids.md). 200 bidders place 2,000 bids on one auction in its last minute through the
// domain code (placeBid: play guard, the auction row locked, holds on the ledger), each bid 0 to 39
// increments above the minimum next bid it just read (a crowd reading one price at once). Beside it, in the same run and
// pool, the hot-row floor of bench/pack-drop.js (bench/lib/floor.js: one conditional update of
// one shared row and one insert per transaction) with the same crowd. Then checks: 0 lost
// holds (the holds account equals the leading maximum; every bid that led and stopped leading
// released once), the winner and the price equal a replay of the bids in commit (id) order,
// and the close settles it to that winner at that price. Prints bids/s, p50, p99 and the load
// average; exits 1 if a check fails. Env: BENCH_DATABASE_URL (a server where the user may
// CREATE DATABASE; a scratch database is made and dropped), BENCH_AUCTION_BIDDERS (200),
// BENCH_AUCTION_BIDS (2,000), BENCH_POOL (20).
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { createAuction } from "~/.server/auctions/create-auction";
import { placeBid } from "~/.server/auctions/place-bid";
import { settleAuction } from "~/.server/auctions/settle-auction";
import { makeCtx, type Ctx } from "~/.server/context";
import { openDatabase, type Database } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/setup/migrate";
import { auctions, profiles, userCards } from "~/.server/db/schema";
import { postMovement } from "~/.server/wallet/ledger";
import { incrementAt, minimumNextBid } from "~/lib/auctions";
import { replayBids } from "./lib/bid-replay";

type Run = {
  successes: number;
  errors: number;
  firstErrors: string[];
  wallMs: number;
  perSec: number;
  latencyMs: { p50: number | null; p99: number | null; mean: number; max: number | null };
};
const libs = {
  crowd: "./lib/crowd.js",
  floor: "./lib/floor.js",
  scratch: "./lib/scratch-postgres.js",
};
const { crowd } = (await import(libs.crowd)) as {
  crowd: (workers: number, step: (i: number) => Promise<boolean>) => Promise<Run>;
};
const { prepareFloor, floorStep } = (await import(libs.floor)) as {
  prepareFloor: (db: Database, units: number) => Promise<void>;
  floorStep: (db: Database) => (i: number) => Promise<boolean>;
};
const { createScratchPostgres } = (await import(libs.scratch)) as {
  createScratchPostgres: (
    adminUrl: string,
  ) => Promise<{ name: string; url: string; drop: () => Promise<string | null> }>;
};

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = {
  adminUrl: process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  bidders: Number(process.env.BENCH_AUCTION_BIDDERS || 200),
  bids: Number(process.env.BENCH_AUCTION_BIDS || 2_000),
  poolSize: Number(process.env.BENCH_POOL || 20),
};
const log = pino({ level: "silent" });
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

const scratch = await createScratchPostgres(config.adminUrl);
const handle = await openDatabase({
  driver: "postgres",
  url: scratch.url,
  poolSize: config.poolSize,
});
const db = handle.db;
try {
  await migrateDatabase(handle, migrationsDir(rootDir));
  // The auction ends a minute from the bids' clock, so every bid is in its last minute.
  const start = new Date();
  const end = new Date(start.getTime() + 86_400_000);
  const lastMinute = new Date(end.getTime() - 60_000);
  const ctxOf = (userId: string | null, now: Date): Ctx =>
    makeCtx({ db, actor: userId ? { userId, role: "user" } : null, now: () => now, log });

  const ids = Array.from({ length: config.bidders + 1 }, (_, i) => `bench_${i}`);
  await db
    .insert(profiles)
    .values(
      ids.map((id) => ({ id, email: `${id}@example.com`, fullName: "Bench", emailVerified: true })),
    );
  for (const id of ids.slice(1)) {
    await postMovement(db, {
      kind: "top_up",
      reference: `bench_top_up:${id}`,
      description: "Bench funds",
      legs: [{ account: { userId: id }, amountCents: 100_000_000 }],
    });
  }
  const [card] = await db
    .insert(userCards)
    .values({
      userId: ids[0]!,
      cardName: "Bench Charizard",
      cardDescription: "A slab for the bench",
      category: "Trading Cards",
      packCategory: "Pokemon",
      rarity: "legendary",
      grade: 10,
      estimatedValueCents: 100_000,
    })
    .returning({ id: userCards.id });
  const { auctionId } = await createAuction(ctxOf(ids[0]!, start), {
    cardId: card!.id,
    startPrice: 1_000,
    reserve: null,
    days: 1,
  });

  let placed = 0;
  let refused = 0;
  const perBidder = Math.ceil(config.bids / config.bidders);
  const made = new Array<number>(config.bidders).fill(0);
  const bidStep = async (i: number) => {
    if (made[i]! >= perBidder || placed + refused >= config.bids) return false;
    made[i] = made[i]! + 1;
    const [seen] = await db
      .select({ priceCents: auctions.priceCents, bidCount: auctions.bidCount })
      .from(auctions)
      .where(eq(auctions.id, auctionId));
    const least = minimumNextBid(seen!.priceCents, seen!.bidCount > 0);
    const maxCents = least + incrementAt(least) * ((i * 7 + made[i]!) % 40);
    try {
      await placeBid(ctxOf(ids[i + 1]!, lastMinute), { auctionId, maximum: maxCents });
      placed += 1;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "bid_too_low") throw error;
      refused += 1;
    }
    return true;
  };
  const load = os.loadavg();
  await prepareFloor(db, config.bids);
  const floorBefore = await crowd(config.bidders, floorStep(db));
  const run = await crowd(config.bidders, bidStep);
  await prepareFloor(db, config.bids);
  const floorAfter = await crowd(config.bidders, floorStep(db));
  const loadAfter = os.loadavg();

  // Checks: holds, replay in commit order, the close.
  // The bench's auction has no reserve, so the replay starts from its start price alone.
  const { auction, bids, leader, priceCents } = await replayBids(db, auctionId);
  const leading = bids.find((row) => row.id === auction.leaderBidId)!;
  check(bids.length === placed, `bids stored ${bids.length}, placed ${placed}`);
  check(leading.bidderId === leader, "the leader is not the replay's");
  check(auction.priceCents === priceCents, "the price is not the replay's");
  const [holds] = (
    (await db.execute(sql`SELECT
      (SELECT coalesce(sum(e.amount_cents), 0) FROM wallet_entries e
        JOIN wallet_accounts a ON a.id = e.account_id WHERE a.kind = 'holds') AS held,
      (SELECT count(*) FROM auction_bids b WHERE b.held_cents IS NOT NULL AND b.status <> 'leading'
        AND (SELECT count(*) FROM wallet_entries e
             WHERE e.reference = 'auction_bid:' || b.id AND e.kind = 'offer_release') <> 2) AS unreleased`)) as unknown as {
      rows: { held: string; unreleased: string }[];
    }
  ).rows;
  const lostHolds = Number(holds!.unreleased) + (Number(holds!.held) === leading.maxCents ? 0 : 1);
  check(lostHolds === 0, `${lostHolds} lost holds`);
  const closed = await settleAuction(ctxOf(null, auction.endsAt), auctionId);
  const after = (await db.select().from(auctions).where(eq(auctions.id, auctionId)))[0]!;
  check(
    closed && after.winnerId === leader && after.priceCents === auction.priceCents,
    "the close",
  );

  const floorPerSec = (floorBefore.perSec + floorAfter.perSec) / 2;
  const ms = (value: number | null) => (value === null ? "-" : `${value.toFixed(1)} ms`);
  console.log(
    `\nHot auction on PostgreSQL ${new URL(config.adminUrl).host} (pool ${config.poolSize}), ${config.bidders} bidders`,
  );
  console.log(
    `load average before ${load.map((n) => n.toFixed(2)).join(" ")}, after ${loadAfter.map((n) => n.toFixed(2)).join(" ")} (${os.cpus().length} cores)`,
  );
  console.log("| run | transactions | per second | p50 | p99 | errors |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const [name, r, n] of [
    ["hot-row floor (before)", floorBefore, floorBefore.successes],
    ["bids (placed + refused too low)", run, placed + refused],
    ["hot-row floor (after)", floorAfter, floorAfter.successes],
  ] as const) {
    console.log(
      `| ${name} | ${n} | ${r.perSec.toFixed(0)} | ${ms(r.latencyMs.p50)} | ${ms(r.latencyMs.p99)} | ${r.errors} |`,
    );
  }
  console.log(
    `bids placed ${placed}, refused as too low ${refused}; bids vs floor ${(run.perSec / floorPerSec).toFixed(2)}x`,
  );
  console.log(
    `final price ${auction.priceCents} cents, ${bids.length} bids, end moved to ${auction.endsAt.toISOString()}`,
  );
  console.log(
    `lost holds: ${lostHolds}; winner and price equal the replay in commit order: ${leading.bidderId === leader && auction.priceCents === priceCents}`,
  );
  if (run.firstErrors.length) console.log("errors:", run.firstErrors);
} finally {
  await handle.close();
  const problem = await scratch.drop();
  if (problem) problems.push(problem);
}
if (problems.length) {
  console.error("FAILED:", problems.join("; "));
  process.exit(1);
}
