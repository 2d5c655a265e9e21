// `npm run bench` (after the storefront): a pack drop. BENCH_BUYERS funded collectors open one
// pack of BENCH_PACK_UNITS units at once, each opening again until the pack is sold out, by
// calling the domain function openPack (app/.server/packs/opening.ts) directly: no HTTP, so
// the figures are those of the opening transaction and the database. Runs on PostgreSQL (a
// scratch database created and dropped on BENCH_DATABASE_URL's server) and on in-process
// PGlite; prints openings/s, the latency of one opening, and the oversell check (cards made
// beyond the stock, stock below zero: both must be 0, or the run exits 1). Writes
// .bench/pack-drop.json. See bench/README.md.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { register } from "tsx/esm/api";
import { createScratchPostgres } from "./lib/scratch-postgres.js";

// The domain is TypeScript with `~/` imports (tsconfig paths): tsx loads it.
register();
const { cryptoRandom } = await import("../app/.server/context.ts");
const { openDatabase } = await import("../app/.server/db/client.ts");
const { migrateDatabase, migrationsDir } = await import("../app/.server/db/migrate.ts");
const { packs, profiles } = await import("../app/.server/db/schema/index.ts");
const { CARD_NAMES_BY_CATEGORY } = await import("../app/.server/db/seed/packs-data.ts");
const { openPack } = await import("../app/.server/packs/opening.ts");
const { recordOdds } = await import("../app/.server/packs/odds.ts");
const { postMovement } = await import("../app/.server/wallet/ledger.ts");
const { DEFAULT_DISTRIBUTION } = await import("../app/lib/packs.ts");
const { sql } = await import("drizzle-orm");

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benchDir = path.join(rootDir, ".bench");
const resultsFile = path.join(benchDir, "pack-drop.json");
const DRIVERS = ["postgres", "pglite"];
const PRICE_CENTS = 2_500;
const WARMUP_OPENINGS = 40;
const BUDGET_MS = 900_000;

/** Reads an integer setting from the environment, bounded so a run stays short. */
function intSetting(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

function driversSetting() {
  const raw = process.env.BENCH_DRIVERS;
  if (raw === undefined || raw === "") return DRIVERS;
  const drivers = raw.split(",").map((d) => d.trim());
  if (drivers.length === 0 || drivers.some((d) => !DRIVERS.includes(d))) {
    console.error(`BENCH_DRIVERS must list postgres and/or pglite, got "${raw}"`);
    process.exit(2);
  }
  return [...new Set(drivers)];
}

const config = {
  buyers: intSetting("BENCH_BUYERS", 200, 1, 1_000),
  units: intSetting("BENCH_PACK_UNITS", 2_000, 1, 100_000),
  poolSize: intSetting("BENCH_POOL_SIZE", 20, 1, 100),
  drivers: driversSetting(),
  adminUrl: process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
};

let exitCode = 0;
function fail(message) {
  console.error(`\nbench: ${message}`);
  exitCode = 1;
}

/** What must be undone if the run is interrupted: open databases, a scratch database. */
const cleanups = new Set();
async function cleanUp() {
  for (const cleanup of [...cleanups].reverse()) await cleanup();
  cleanups.clear();
}
const watchdog = setTimeout(async () => {
  fail(`did not finish within ${BUDGET_MS / 1000} s; stopping`);
  await cleanUp();
  process.exit(1);
}, BUDGET_MS);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\nbench: ${signal}, dropping the scratch database`);
    await cleanUp();
    process.exit(130);
  });
}

/** The value at percentile `p` (0-100) of ascending `sorted` (nearest rank). */
function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const silentLog = pino({ level: "silent" });
const ctxFor = (db, userId) => ({
  db,
  actor: { userId, role: "user" },
  now: () => new Date(),
  random: cryptoRandom,
  log: silentLog,
});

async function makePack(db, name, availableCount) {
  const odds = {
    priceCents: PRICE_CENTS,
    rarityDistribution: DEFAULT_DISTRIBUTION,
    cardNames: CARD_NAMES_BY_CATEGORY.Pokemon,
  };
  const [pack] = await db
    .insert(packs)
    .values({
      name,
      category: "Pokemon",
      description: "The pack-drop benchmark's pack",
      availableCount,
      ...odds,
      oddsCommitment: await recordOdds(db, odds),
    })
    .returning({ id: packs.id });
  return pack.id;
}

/** `count` collectors, each with enough in their wallet to buy every unit (a top-up entry). */
async function makeBuyers(db, count, units) {
  const ids = Array.from({ length: count }, () => `bench_${randomBytes(6).toString("hex")}`);
  await db.insert(profiles).values(
    ids.map((id) => ({
      id,
      email: `${id}@bench.example`,
      fullName: "Bench Buyer",
      emailVerified: true,
    })),
  );
  for (const userId of ids) {
    await db.transaction((tx) =>
      postMovement(tx, {
        kind: "top_up",
        reference: `bench:${userId}`,
        description: "Benchmark funds",
        legs: [{ account: { userId }, amountCents: (units + WARMUP_OPENINGS) * PRICE_CENTS }],
      }),
    );
  }
  return ids;
}

/**
 * Every buyer opens `packId` over and over until it answers out_of_stock; returns the
 * successful openings' latencies, the refusals, the other errors, and the wall time.
 */
async function drop(db, buyers, packId) {
  const latencies = [];
  let refused = 0;
  const errors = [];
  const started = performance.now();
  await Promise.all(
    buyers.map(async (userId) => {
      const ctx = ctxFor(db, userId);
      for (;;) {
        const t0 = performance.now();
        try {
          await openPack(ctx, { packId, idempotencyKey: randomUUID() });
          latencies.push(performance.now() - t0);
        } catch (error) {
          if (error?.code === "out_of_stock") refused++;
          else errors.push(error);
          return;
        }
      }
    }),
  );
  return { latencies, refused, errors, wallMs: performance.now() - started };
}

const rowsOf = async (db, query) => (await db.execute(query)).rows;

/** The pack's outcome as the database holds it, and whether the ledger still adds up. */
async function verify(db, packId, units) {
  const [pack] = await rowsOf(
    db,
    sql`SELECT available_count AS stock,
          (SELECT count(*)::int FROM user_cards WHERE pack_id = ${packId}) AS cards,
          (SELECT count(*)::int FROM pack_openings WHERE pack_id = ${packId}) AS openings
        FROM packs WHERE id = ${packId}`,
  );
  const [ledger] = await rowsOf(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM wallet_accounts a WHERE a.balance_cents <>
             coalesce((SELECT sum(e.amount_cents) FROM wallet_entries e WHERE e.account_id = a.id), 0)
          ) AS mismatched_accounts,
          (SELECT count(*)::int FROM wallet_accounts WHERE kind <> 'platform' AND balance_cents < 0
          ) AS negative_accounts,
          (SELECT count(*)::int FROM pack_openings po WHERE po.pack_id = ${packId} AND (
             SELECT count(*) FROM wallet_entries e
             WHERE e.reference = 'pack_opening:' || po.id AND e.kind = 'pack_purchase') <> 2
          ) AS unpaid_openings`,
  );
  return {
    cards: pack.cards,
    openings: pack.openings,
    stockLeft: pack.stock,
    oversell: pack.cards - units,
    stockBelowZero: Math.max(0, -pack.stock),
    ledger: {
      mismatchedAccounts: ledger.mismatched_accounts,
      negativeAccounts: ledger.negative_accounts,
      unpaidOpenings: ledger.unpaid_openings,
    },
  };
}

async function openFor(driver) {
  if (driver === "pglite") {
    const handle = await openDatabase({ driver: "pglite" });
    return { handle, label: "PGlite (in process, in memory)" };
  }
  const scratch = await createScratchPostgres(config.adminUrl);
  cleanups.add(async () => {
    const problem = await scratch.drop();
    if (problem) fail(problem);
  });
  const handle = await openDatabase({
    driver: "postgres",
    url: scratch.url,
    poolSize: config.poolSize,
  });
  const server = new URL(config.adminUrl);
  return {
    handle,
    label: `PostgreSQL ${server.host}, scratch database ${scratch.name}, pool of ${config.poolSize}`,
  };
}

async function runOn(driver) {
  const { handle, label } = await openFor(driver);
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await handle.close();
    }
  };
  cleanups.add(close);
  try {
    console.log(`\n${driver}: ${label}`);
    await migrateDatabase(handle, migrationsDir(rootDir));
    const db = handle.db;
    const setupStarted = performance.now();
    const buyers = await makeBuyers(db, config.buyers, config.units);
    const warmupPack = await makePack(db, "Bench Warm-up Pack", WARMUP_OPENINGS);
    const packId = await makePack(db, "Bench Drop Pack", config.units);
    console.log(
      `  ${config.buyers} buyers funded in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; warming up (${WARMUP_OPENINGS} openings, not measured) ...`,
    );
    await drop(db, buyers.slice(0, Math.min(buyers.length, 20)), warmupPack);

    process.stdout.write(`  dropping ${config.units} units on ${config.buyers} buyers ... `);
    const run = await drop(db, buyers, packId);
    const sorted = [...run.latencies].sort((a, b) => a - b);
    const row = {
      driver,
      label,
      successes: run.latencies.length,
      refused: run.refused,
      errors: run.errors.length,
      firstErrors: run.errors.slice(0, 3).map((e) => `${e?.code ?? e?.name}: ${e?.message}`),
      wallMs: run.wallMs,
      openingsPerSec: run.latencies.length / (run.wallMs / 1000),
      latencyMs: {
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        mean: sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1),
        max: sorted.at(-1) ?? null,
      },
      ...(await verify(db, packId, config.units)),
    };
    console.log(`${row.successes} openings in ${(row.wallMs / 1000).toFixed(1)} s`);
    return row;
  } finally {
    await close();
    cleanups.delete(close);
  }
}

const formatMs = (ms) => (ms === null ? "-" : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

function formatTable(rows) {
  const header = [
    "driver",
    "openings",
    "refused",
    "errors",
    "openings/s",
    "p50 ms",
    "p99 ms",
    "max ms",
    "oversell",
    "stock<0",
  ];
  const lines = rows.map((row) => [
    row.driver,
    String(row.successes),
    String(row.refused),
    String(row.errors),
    row.openingsPerSec.toFixed(0),
    formatMs(row.latencyMs.p50),
    formatMs(row.latencyMs.p99),
    formatMs(row.latencyMs.max),
    String(row.oversell),
    String(row.stockBelowZero),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [format(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(format)].join(
    "\n",
  );
}

/** The run's verdict on one row: what is wrong with it, if anything. */
function problemsOf(row) {
  const problems = [];
  if (row.oversell !== 0) problems.push(`${row.cards} cards made for ${config.units} units`);
  if (row.stockBelowZero !== 0) problems.push(`stock went to ${row.stockLeft}`);
  if (row.successes !== config.units || row.stockLeft !== 0) {
    problems.push(`${row.successes} openings succeeded and ${row.stockLeft} units are left`);
  }
  if (row.successes !== row.cards || row.openings !== row.cards) {
    problems.push(`${row.successes} successes, ${row.openings} openings, ${row.cards} cards`);
  }
  if (row.errors > 0)
    problems.push(`${row.errors} unexpected errors: ${row.firstErrors.join("; ")}`);
  const { mismatchedAccounts, negativeAccounts, unpaidOpenings } = row.ledger;
  if (mismatchedAccounts + negativeAccounts + unpaidOpenings > 0) {
    problems.push(`ledger: ${JSON.stringify(row.ledger)}`);
  }
  return problems;
}

async function main() {
  mkdirSync(benchDir, { recursive: true });
  console.log(
    `Pack drop: ${config.buyers} buyers, one pack of ${config.units} units at ${PRICE_CENTS / 100} USD, every buyer opening until it is sold out`,
  );
  const rows = [];
  for (const driver of config.drivers) {
    try {
      rows.push(await runOn(driver));
    } catch (error) {
      fail(
        `the ${driver} run failed: ${error.stack ?? error.message}` +
          (driver === "postgres"
            ? `\n(PostgreSQL at ${config.adminUrl}: set BENCH_DATABASE_URL, or BENCH_DRIVERS=pglite)`
            : ""),
      );
    } finally {
      await cleanUp();
    }
  }
  if (rows.length === 0) return;

  console.log(`\n${formatTable(rows)}\n`);
  console.log(
    "openings/s = successful openings / wall time of the drop; p50/p99/max = latency of one successful openPack call (including the wait for a pooled connection and row locks).",
  );
  console.log(
    "oversell = cards made minus the units; stock<0 = how far the stock went below zero.",
  );
  for (const row of rows) {
    const problems = problemsOf(row);
    if (problems.length > 0) fail(`${row.driver}: ${problems.join("; ")}`);
  }

  const report = {
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      loadAverage: Object.fromEntries(
        ["1m", "5m", "15m"].map((span, i) => [span, Number(os.loadavg()[i].toFixed(2))]),
      ),
    },
    config: {
      buyers: config.buyers,
      units: config.units,
      priceCents: PRICE_CENTS,
      poolSize: config.poolSize,
      warmupOpenings: WARMUP_OPENINGS,
    },
    results: rows,
  };
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${path.relative(rootDir, resultsFile)}`);
}

await main().catch(async (error) => {
  fail(error.stack ?? String(error));
  await cleanUp();
});
clearTimeout(watchdog);
process.exit(exitCode);
