// `npm run bench:value`: the FMV estimator at scale (docs/product/value.md; decision 042).
// Seeds BENCH_VALUE_CARDS catalogue cards (5,000) with BENCH_VALUE_COMPS comps (200,000) over
// two grades each (deterministic pseudo-random prices and dates over two years, bulk inserts),
// then measures, on in-process PGlite and (BENCH_DRIVERS) on a scratch PostgreSQL database:
// - the full recompute (`recomputeAllValues`, the nightly job): time, and the process's peak
//   RSS and heap growth while it runs;
// - the incremental recompute after one sale (one comp inserted, then `recomputeCardValues` of
//   its card, the job a sale enqueues), BENCH_VALUE_RUNS times: p50 and p99;
// - the card page's domain read (`loadCardPage`) p50/p99, beside the floor of the same run: one
//   primary-key read of the card (the least any page of the card must do).
// No HTTP here: `npm run bench` (bench/storefront.js) measures /cards/1 beside the framework
// floor. Prints the load average. Exits 1 when the incremental p50 is 50 ms or more or the full
// recompute takes 60 s or more. Writes .bench/value.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { cryptoRandom, makeCtx, type Ctx } from "~/.server/context";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/setup/migrate";
import { cards, comps } from "~/.server/db/schema";
import { loadCardPage } from "~/.server/value/card-page";
import { recomputeAllValues, recomputeCardValues } from "~/.server/value/recompute";
import { intSetting } from "./lib/int-setting.js";
import { percentile, seededRandom } from "./lib/harness";

type ScratchPostgres = { name: string; url: string; drop: () => Promise<string | null> };
const scratchModule = "./lib/scratch-postgres.js";
const { createScratchPostgres } = (await import(scratchModule)) as {
  createScratchPostgres: (adminUrl: string) => Promise<ScratchPostgres>;
};

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsFile = path.join(rootDir, ".bench", "value.json");
const DRIVERS = ["pglite", "postgres"] as const;
type Driver = (typeof DRIVERS)[number];
const INCREMENTAL_TARGET_MS = 50;
const FULL_TARGET_MS = 60_000;

const config = {
  cards: intSetting("BENCH_VALUE_CARDS", 5_000, 10, 100_000),
  comps: intSetting("BENCH_VALUE_COMPS", 200_000, 100, 2_000_000),
  runs: intSetting("BENCH_VALUE_RUNS", 100, 10, 10_000),
  drivers: (process.env.BENCH_DRIVERS || "pglite")
    .split(",")
    .map((d) => d.trim())
    .filter((d): d is Driver => (DRIVERS as readonly string[]).includes(d)),
  adminUrl: process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
};

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function seed(ctx: Ctx): Promise<number[]> {
  const random = seededRandom(42);
  const ids: number[] = [];
  for (let at = 0; at < config.cards; at += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, config.cards - at) }, (_, i) => ({
      category: "Pokemon",
      setName: "Bench Set",
      number: String(at + i + 1),
      name: `Bench Card ${at + i + 1}`,
      year: 1999,
    }));
    ids.push(
      ...(await ctx.db.insert(cards).values(rows).returning({ id: cards.id })).map((c) => c.id),
    );
  }
  const now = ctx.now().getTime();
  const rows: (typeof comps.$inferInsert)[] = [];
  for (let i = 0; i < config.comps; i++) {
    const cardId = ids[i % ids.length]!;
    const base = 1_000 + ((cardId * 7_919) % 100_000);
    const grade = random() < 0.6 ? 10 : 9;
    rows.push({
      cardId,
      grader: "PSA",
      grade,
      priceCents: Math.max(100, Math.round(base * (grade === 10 ? 2 : 1) * (0.8 + 0.4 * random()))),
      soldAt: new Date(now - Math.floor(random() * 730) * 86_400_000),
      source: "eBay",
      importKey: `bench|${i}`,
    });
    if (rows.length === 2_000 || i === config.comps - 1) {
      await ctx.db.insert(comps).values(rows.splice(0));
    }
  }
  return ids;
}

async function openFor(
  driver: Driver,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (driver === "pglite")
    return { handle: await openDatabase({ driver: "pglite" }), drop: async () => {} };
  const scratch = await createScratchPostgres(config.adminUrl);
  const handle = await openDatabase({ driver: "postgres", url: scratch.url, poolSize: 5 });
  return {
    handle,
    drop: async () => {
      const problem = await scratch.drop();
      if (problem) console.error(problem);
    },
  };
}

async function runOn(driver: Driver) {
  const { handle, drop } = await openFor(driver);
  try {
    await migrateDatabase(handle, migrationsDir(rootDir));
    const log = pino({ level: "silent" });
    const ctx = makeCtx({
      db: handle.db,
      actor: null,
      now: () => new Date(),
      random: cryptoRandom,
      log,
    });
    let started = performance.now();
    const ids = await seed(ctx);
    // What autovacuum does on a live database (PGlite runs none): statistics for the planner.
    await handle.db.execute(sql`ANALYZE`);
    console.log(
      `\n${driver}: seeded ${config.cards} cards, ${config.comps} comps in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    started = performance.now();
    const full = await recomputeAllValues(ctx);
    const fullMs = performance.now() - started;
    clearInterval(sampler);
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    console.log(
      `  full recompute: ${(fullMs / 1000).toFixed(2)} s, ${full.values} values, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
    );

    const random = seededRandom(9);
    const incremental: number[] = [];
    for (let i = 0; i < config.runs; i++) {
      const cardId = ids[Math.floor(random() * ids.length)]!;
      await ctx.db.insert(comps).values({
        cardId,
        grader: "PSA",
        grade: 10,
        priceCents: 5_000,
        soldAt: new Date(),
        source: "eBay",
        importKey: `bench-sale|${driver}|${i}`,
      });
      const t = performance.now();
      await recomputeCardValues(ctx, cardId);
      incremental.push(performance.now() - t);
    }
    const page: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < config.runs; i++) {
      const cardId = ids[Math.floor(random() * ids.length)]!;
      let t = performance.now();
      await ctx.db
        .select({ id: cards.id, name: cards.name })
        .from(cards)
        .where(eq(cards.id, cardId));
      floor.push(performance.now() - t);
      t = performance.now();
      const loaded = await loadCardPage(ctx, cardId);
      page.push(performance.now() - t);
      if (!loaded || loaded.grades.length === 0) throw new Error(`card ${cardId} has no comps`);
    }
    const result = {
      driver,
      fullMs,
      values: full.values,
      peakRssMb: peakRss / 2 ** 20,
      heapGrowthMb,
      incremental: summary(incremental),
      cardPage: summary(page),
      floor: summary(floor),
    };
    console.log(
      `  incremental recompute: p50 ${result.incremental.p50.toFixed(1)} ms, p99 ${result.incremental.p99.toFixed(1)} ms`,
    );
    console.log(
      `  card page read: p50 ${result.cardPage.p50.toFixed(1)} ms, p99 ${result.cardPage.p99.toFixed(1)} ms (floor p50 ${result.floor.p50.toFixed(2)} ms, p99 ${result.floor.p99.toFixed(2)} ms)`,
    );
    return result;
  } finally {
    await handle.close();
    await drop();
  }
}

const loadBefore = os.loadavg();
const results = [];
for (const driver of config.drivers) results.push(await runOn(driver));
const loadAfter = os.loadavg();
console.log(
  `\nload average before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadAfter.map((l) => l.toFixed(2)).join(" ")} (${os.cpus().length} cores)`,
);
mkdirSync(path.dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, JSON.stringify({ config, loadBefore, loadAfter, results }, null, 2));
let failed = false;
for (const r of results) {
  if (r.incremental.p50 >= INCREMENTAL_TARGET_MS) {
    console.error(
      `bench: ${r.driver} incremental recompute p50 ${r.incremental.p50.toFixed(1)} ms >= ${INCREMENTAL_TARGET_MS} ms`,
    );
    failed = true;
  }
  if (r.fullMs >= FULL_TARGET_MS) {
    console.error(`bench: ${r.driver} full recompute ${(r.fullMs / 1000).toFixed(1)} s >= 60 s`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
