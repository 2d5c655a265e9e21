// `npm run bench:reserves`: proof of reserves at scale (docs/decisions/043-proof-of-reserves.md).
// On a scratch PostgreSQL database (created and dropped on BENCH_DATABASE_URL's server) it seeds
// slabs in custody (70 % house stock, 25 % owned by 1,000 collectors, 5 % shipping out) with
// generate_series, then for each size (100,000 then 1,000,000 by default, BENCH_RESERVE_SIZES)
// times one snapshot build (`buildReserveSnapshot`: stream, hash, write leaves, build the tree)
// with its heap and peak RSS, the cold rebuild of the tree a restarted server does before its
// first proof, and proof generation (`proveOwnSlab`, warm) over BENCH_RESERVE_PROOFS random owned
// cards. Floors measured in the same run: SHA-256 of 1,000,000 leaf-sized inputs in this process,
// and `SELECT 1` p50 on the same pool. Prints the load average; writes .bench/reserves.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pino from "pino";
import { cryptoRandom, makeCtx, type Ctx } from "~/.server/context";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/setup/migrate";
import { proveOwnSlab } from "~/.server/reserves/proof";
import { buildReserveSnapshot } from "~/.server/reserves/snapshot-build";
import { forgetReserveTrees, reserveTreeOf } from "~/.server/reserves/tree-cache";
import { leafHash } from "~/lib/reserves";

type ScratchPostgres = { name: string; url: string; drop: () => Promise<string | null> };
const scratchModule = "./lib/scratch-postgres.js";
const { createScratchPostgres } = (await import(scratchModule)) as {
  createScratchPostgres: (adminUrl: string) => Promise<ScratchPostgres>;
};

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TAG_KEY = "bench-reserves-tag-key";
const COLLECTORS = 1_000;
const sizes = (process.env.BENCH_RESERVE_SIZES || "100000,1000000")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const proofs = Number(process.env.BENCH_RESERVE_PROOFS || 200);
const adminUrl = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Grows the vault to `total` slabs (ids 1..total), with the owned ones' cards. */
async function seedTo(handle: DatabaseHandle, from: number, total: number) {
  await handle.db.execute(sql`
    INSERT INTO slabs (card_id, grader, cert, grade, fmv_cents, cost_cents, acquired_on, bin, state)
    SELECT 1, 'PSA', (10000000 + g)::text, 9, 1000 + (g % 50000), 500, '2026-10-01',
      'B-' || (g % 500), CASE WHEN g % 20 < 14 THEN 'house_stock'
        WHEN g % 20 < 19 THEN 'owned' ELSE 'shipping_out' END
    FROM generate_series(${from + 1}::int, ${total}::int) AS g`);
  await handle.db.execute(sql`
    INSERT INTO user_cards (user_id, card_name, card_description, category, rarity, grade,
      estimated_value_cents, slab_id)
    SELECT 'bench_res_' || (s.id % ${COLLECTORS}), 'Charizard', 'Base Set', 'Trading Cards',
      'rare', 9, s.fmv_cents, s.id
    FROM slabs s WHERE s.state IN ('owned', 'shipping_out') AND s.id > ${from}`);
}

async function main() {
  console.log(
    `reserves bench: sizes ${sizes.join(", ")}, ${proofs} proofs; load average ${loadavg()}`,
  );
  const scratch = await createScratchPostgres(adminUrl);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\nbench: ${signal}, dropping the scratch database`);
      void scratch.drop().then(() => process.exit(130));
    });
  }
  const handle = await openDatabase({ driver: "postgres", url: scratch.url, poolSize: 4 });
  const results: Record<string, unknown>[] = [];
  try {
    await migrateDatabase(handle, migrationsDir(rootDir));
    await handle.db.execute(sql`
      INSERT INTO profiles (id, email, full_name)
      SELECT 'bench_res_' || g, 'bench_res_' || g || '@example.com', 'Bench Collector'
      FROM generate_series(0, ${COLLECTORS - 1}) AS g`);
    await handle.db.execute(sql`
      INSERT INTO cards (category, set_name, number, name, year)
      VALUES ('Pokemon', 'Base', '4', 'Charizard', 1999)`);
    const log = pino({ level: "silent" });
    const ctx = (actor: Ctx["actor"] = null) =>
      makeCtx({ db: handle.db, actor, now: () => new Date(), random: cryptoRandom, log });

    // Floors: raw hashing in this process, a trivial query on this pool.
    const sample = {
      grader: "PSA" as const,
      cert: "10000001",
      grade: 9,
      state: "owned" as const,
      fmvCents: 1234,
      owner: "0123456789abcdef",
      salt: "0".repeat(32),
    };
    let t = performance.now();
    for (let i = 0; i < 1_000_000; i += 1) leafHash({ ...sample, fmvCents: i });
    const sha1m = performance.now() - t;
    const selects: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      t = performance.now();
      await handle.db.execute(sql`SELECT 1`);
      selects.push(performance.now() - t);
    }
    selects.sort((a, b) => a - b);
    console.log(
      `floor: 1,000,000 leaf hashes ${(sha1m / 1000).toFixed(2)} s; SELECT 1 p50 ${percentile(selects, 50).toFixed(2)} ms`,
    );

    let seeded = 0;
    for (const size of sizes) {
      t = performance.now();
      await seedTo(handle, seeded, size);
      seeded = size;
      await handle.db.execute(sql`ANALYZE`);
      const seedS = (performance.now() - t) / 1000;
      forgetReserveTrees(handle);
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let peakHeap = heapBefore;
      const sampler = setInterval(() => {
        peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      }, 50);
      t = performance.now();
      const built = await buildReserveSnapshot(ctx(), { tagKey: TAG_KEY, trigger: "staff" });
      const buildS = (performance.now() - t) / 1000;
      clearInterval(sampler);
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      const retained = process.memoryUsage().heapUsed - heapBefore;

      forgetReserveTrees(handle);
      t = performance.now();
      await reserveTreeOf(handle, built.id);
      const rebuildS = (performance.now() - t) / 1000;

      const owned = (await handle.db.execute(sql`
        SELECT uc.id, uc.user_id FROM user_cards uc TABLESAMPLE BERNOULLI (1)
        LIMIT ${proofs}`)) as unknown as { rows: { id: number; user_id: string }[] };
      const times: number[] = [];
      for (const card of owned.rows) {
        t = performance.now();
        await proveOwnSlab(ctx({ userId: card.user_id, role: "user" }), {
          cardId: card.id,
          tagKey: TAG_KEY,
          publicUrl: "http://bench.local",
        });
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const row = {
        slabs: size,
        leaves: built.leafCount,
        seed_s: +seedS.toFixed(1),
        build_s: +buildS.toFixed(1),
        heap_peak_mb: mb(peakHeap - heapBefore),
        heap_retained_mb: mb(retained),
        max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
        cold_tree_rebuild_s: +rebuildS.toFixed(2),
        proofs: times.length,
        proof_p50_ms: +percentile(times, 50).toFixed(2),
        proof_p95_ms: +percentile(times, 95).toFixed(2),
        loadavg: loadavg(),
      };
      results.push(row);
      console.log(JSON.stringify(row));
    }
    mkdirSync(path.join(rootDir, ".bench"), { recursive: true });
    writeFileSync(
      path.join(rootDir, ".bench", "reserves.json"),
      JSON.stringify(
        {
          floor: {
            sha256_1m_leaves_s: +(sha1m / 1000).toFixed(2),
            select1_p50_ms: +percentile(selects, 50).toFixed(2),
          },
          results,
        },
        null,
        2,
      ),
    );
  } finally {
    await handle.close();
    const problem = await scratch.drop();
    if (problem) console.error(problem);
  }
}

await main();
