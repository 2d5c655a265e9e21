// `npm run bench` (after the storefront): a pack drop. BENCH_BUYERS funded collectors open one
// pack of BENCH_PACK_UNITS units at once, each opening again until the pack is sold out, by
// calling the domain function openPack (app/.server/packs/opening.ts) directly: no HTTP, so
// the figures are those of the opening transaction and the database. In the same run and on
// the same pool it measures the floor (a transaction that conditionally updates one shared row
// and inserts one row) before and after the drop, the statements of one opening, the lock
// waits per shared row (PostgreSQL), then the same crowd buying listings at once (buy now) and
// accepting their buyback offers at once. Runs on PostgreSQL (a scratch database created and
// dropped on BENCH_DATABASE_URL's server) and on in-process PGlite; checks that nothing was
// oversold and that the ledger adds up (else exits 1). Writes .bench/pack-drop.json. See
// bench/README.md.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { register } from "tsx/esm/api";
import { benchProfile } from "./lib/bench-profiles.js";
import { crowd } from "./lib/crowd.js";
import { claimFloorStep, floorStep, prepareClaimFloor, prepareFloor } from "./lib/floor.js";
import {
  countStatements,
  sampleLockWaits,
  startCpuMeter,
  statementsSent,
} from "./lib/pg-probes.js";
import { intSetting } from "./lib/int-setting.js";
import { databaseSettings, openScratchPostgres, startRun, withDatabase } from "./lib/driver-run.js";
import { machineInfo, runEachDriver, writeResults } from "./lib/report.js";

// The domain is TypeScript with `~/` imports (tsconfig paths): tsx loads it.
register();
const { makeCtx } = await import("../app/.server/context.ts");
const { openDatabase } = await import("../app/.server/db/client.ts");
const { migrateDatabase, migrationsDir } = await import("../app/.server/setup/migrate.ts");
const { cards, packs, profiles, slabs } = await import("../app/.server/db/schema/index.ts");
const { CARD_NAMES_BY_CATEGORY } = await import("../app/.server/setup/seed/packs-data.ts");
const { openPack } = await import("../app/.server/packs/opening.ts");
const { recordOdds } = await import("../app/.server/packs/odds.ts");
const { createListing } = await import("../app/.server/market/listings.ts");
const { createListingSchema } = await import("../app/lib/schemas/market.ts");
const { buyNow } = await import("../app/.server/market/settlement.ts");
const { acceptBuyback } = await import("../app/.server/vault/buyback.ts");
const { postMovement } = await import("../app/.server/wallet/ledger.ts");
const { tierBand } = await import("../app/lib/slabs.ts");
const { sql } = await import("drizzle-orm");

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benchDir = path.join(rootDir, ".bench");
const resultsFile = path.join(benchDir, "pack-drop.json");
const PRICE_CENTS = 2_500;
const WARMUP_OPENINGS = 40;
/** Openings one buyer makes one after the other to count the statements of one. */
const PROBE_OPENINGS = 20;
/** Listings each buyer puts up for the buy-now crowd. */
const LISTINGS_PER_BUYER = 2;
const LISTING_PRICE = "1.00";
const BUDGET_MS = 900_000;

const run = startRun(BUDGET_MS);
const { fail, cleanUp } = run;

const config = {
  buyers: intSetting("BENCH_BUYERS", 200, 1, 1_000),
  units: intSetting("BENCH_PACK_UNITS", 2_000, 1, 100_000),
  ...databaseSettings(),
};

const silentLog = pino({ level: "silent" });
/** A request's context as the app makes it (its transactions run their after-commit effects). */
const ctxFor = (db, userId) =>
  makeCtx({ db, actor: { userId, role: "user" }, now: () => new Date(), log: silentLog });

/**
 * The bench's packs draw every pull from one tier (common 100 %), so the whole crowd contends
 * for one tier's slabs and the pack sells exactly its pool (a tier with odds emptying sells a
 * pack out: docs/decisions/037-slab-within-a-tier.md).
 */
const ALL_COMMON = { common: 100, uncommon: 0, rare: 0, legendary: 0 };
let certSerial = 0;

/** A pack whose pool holds `availableCount` slabs (the pack's available count is its pool). */
async function makePack(db, name, availableCount) {
  const odds = {
    priceCents: PRICE_CENTS,
    rarityDistribution: ALL_COMMON,
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
      oddsCommitment: await recordOdds({ db }, odds),
    })
    .returning({ id: packs.id });
  const [card] = await db
    .insert(cards)
    .values({
      category: "Pokemon",
      setName: `Bench ${name}`,
      number: "1",
      name: "Pidgey",
      year: 1999,
    })
    .returning({ id: cards.id });
  const band = tierBand(PRICE_CENTS, "common");
  const rows = Array.from({ length: availableCount }, () => ({
    cardId: card.id,
    grader: "PSA",
    cert: String(10_000_000 + certSerial++),
    grade: 9,
    fmvCents: Math.round((band.min + band.max) / 2),
    costCents: band.min,
    acquiredOn: "2026-11-01",
    bin: "BENCH",
    state: "in_pool",
    packId: pack.id,
    poolTier: "common",
  }));
  for (let at = 0; at < rows.length; at += 500) {
    await db.insert(slabs).values(rows.slice(at, at + 500));
  }
  return pack.id;
}

/** `count` collectors, each with enough in their wallet to buy every unit (a top-up entry). */
async function makeBuyers(db, count, units) {
  const ids = Array.from({ length: count }, () => `bench_${randomBytes(6).toString("hex")}`);
  await db.insert(profiles).values(
    // Adults who confirmed their date of birth may open packs (responsible play, decision 010).
    ids.map((id) => benchProfile(id, "Bench Buyer", { dateOfBirth: "1990-01-01" })),
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

/** `items` in a Map of arrays by `keyOf(item)` (Map.groupBy needs Node 21). */
function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/**
 * Every buyer opens `packId` over and over until it answers out_of_stock (counted as refused);
 * any other error stops that buyer and is counted.
 */
async function drop(db, buyers, packId) {
  let refused = 0;
  const run = await crowd(buyers.length, async (i) => {
    try {
      await openPack(ctxFor(db, buyers[i]), { packId, idempotencyKey: randomUUID() });
      return true;
    } catch (error) {
      if (error?.code !== "out_of_stock") throw error;
      refused++;
      return false;
    }
  });
  return { ...run, refused };
}

/**
 * The floor's transactions per second, latency and CPU: the same crowd selling `units` units.
 */
async function floor(db, workers, units, database) {
  await prepareFloor(db, units);
  const stop = startCpuMeter(database);
  const run = await crowd(workers, floorStep(db));
  return { ...run, cpu: stop() };
}

/** The claim floor's transactions per second, latency and CPU: claiming `units` rows. */
async function claimFloor(db, workers, units, database) {
  await prepareClaimFloor(db, units);
  const stop = startCpuMeter(database);
  const run = await crowd(workers, claimFloorStep(db));
  return { ...run, cpu: stop() };
}

/** CPU ms per successful call of `run` (Node, the database, both; null where unknown). */
function cpuPerCall({ nodeMs, databaseMs }, calls) {
  return {
    node: nodeMs / calls,
    database: databaseMs === null ? null : databaseMs / calls,
    total: (nodeMs + (databaseMs ?? 0)) / calls,
  };
}

/**
 * Each buyer lists {@link LISTINGS_PER_BUYER} of their vaulted cards (set-up, not timed); then
 * every buyer at once buys the listings of the next buyer, one after the other (timed).
 */
async function buyNowCrowd(db, buyers) {
  const cards = await rowsOf(
    db,
    sql`SELECT user_id, id FROM (SELECT user_id, id,
          row_number() OVER (PARTITION BY user_id ORDER BY id) AS n
        FROM user_cards WHERE status = 'vaulted') c WHERE n <= ${LISTINGS_PER_BUYER}`,
  );
  const cardsOf = groupBy(cards, (card) => card.user_id);
  const listingsOf = new Map();
  await crowd(buyers.length, async (i) => {
    const card = cardsOf.get(buyers[i])?.shift();
    if (!card) return false;
    const form = createListingSchema.parse({
      title: "Bench card",
      description: "A card listed by the pack-drop benchmark",
      price: LISTING_PRICE,
      category: "Pokemon",
      condition: "Mint",
      cardId: String(card.id),
    });
    const { listingId } = await createListing(ctxFor(db, buyers[i]), form);
    listingsOf.set(buyers[i], [...(listingsOf.get(buyers[i]) ?? []), listingId]);
    return true;
  });
  const expectedPriceCents = Math.round(Number(LISTING_PRICE) * 100);
  return countedCrowd(buyers.length, async (i) => {
    const listingId = listingsOf.get(buyers[(i + 1) % buyers.length])?.pop();
    if (listingId === undefined) return false;
    await buyNow(ctxFor(db, buyers[i]), { listingId, expectedPriceCents });
    return true;
  });
}

/** {@link crowd}, with `statementsPerCall`: statements sent per successful call (PostgreSQL). */
async function countedCrowd(size, call) {
  const before = statementsSent();
  const run = await crowd(size, call);
  return { ...run, statementsPerCall: (statementsSent() - before) / run.successes };
}

/** Every buyer at once accepts their pending buyback offers, one after the other. */
async function buybackCrowd(db, buyers) {
  const offers = await rowsOf(
    db,
    sql`SELECT user_id, id FROM buyback_offers WHERE status = 'pending' ORDER BY id`,
  );
  const offersOf = groupBy(offers, (offer) => offer.user_id);
  return countedCrowd(buyers.length, async (i) => {
    const offer = offersOf.get(buyers[i])?.shift();
    if (!offer) return false;
    await acceptBuyback(ctxFor(db, buyers[i]), { offerId: offer.id });
    return true;
  });
}

const rowsOf = async (db, query) => (await db.execute(query)).rows;

/** The pack's outcome as the database holds it, and whether the ledger still adds up. */
async function verify(db, packId, units) {
  const [pack] = await rowsOf(
    db,
    sql`SELECT available_count AS stock,
          (SELECT count(*)::int FROM user_cards WHERE pack_id = ${packId}) AS cards,
          (SELECT count(*)::int FROM pack_openings WHERE pack_id = ${packId}) AS openings,
          (SELECT count(*)::int - count(DISTINCT slab_id)::int FROM pack_openings
             WHERE pack_id = ${packId}) AS pulled_twice,
          (SELECT count(*)::int FROM pack_openings
             WHERE pack_id = ${packId} AND (rolls->>'shifted')::boolean) AS shifted,
          (SELECT count(DISTINCT created_at)::int FROM pack_openings
             WHERE pack_id = ${packId}) AS transactions,
          (SELECT count(*)::int FROM pack_openings po JOIN slabs s ON s.id = po.slab_id
             JOIN user_cards c ON c.id = po.card_id
             WHERE po.pack_id = ${packId} AND (c.slab_id IS DISTINCT FROM s.id
               OR s.state <> 'owned')) AS slabs_astray
        FROM packs WHERE id = ${packId}`,
  );
  const [ledger] = await rowsOf(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM wallet_accounts a WHERE a.kind = 'user' AND a.balance_cents <>
             coalesce((SELECT sum(e.amount_cents) FROM wallet_entries e WHERE e.account_id = a.id), 0)
          ) + (SELECT count(*)::int FROM wallet_accounts WHERE kind <> 'user' AND balance_cents <> 0
          ) AS mismatched_accounts,
          (SELECT count(*)::int FROM wallet_accounts WHERE balance_cents < 0) + (
            SELECT count(*)::int FROM wallet_accounts a WHERE a.kind = 'escrow' AND
              (SELECT coalesce(sum(e.amount_cents), 0) FROM wallet_entries e WHERE e.account_id = a.id) < 0
          ) AS negative_accounts,
          (SELECT count(*)::int FROM pack_openings po
             LEFT JOIN (SELECT e.reference, count(*) AS n FROM wallet_entries e
               WHERE e.kind = 'pack_purchase' GROUP BY e.reference) paid
             ON paid.reference = 'pack_opening:' || po.id
           WHERE po.pack_id = ${packId} AND coalesce(paid.n, 0) <> 2
          ) AS unpaid_openings`,
  );
  return {
    cards: pack.cards,
    openings: pack.openings,
    stockLeft: pack.stock,
    oversell: pack.cards - units,
    pulledTwice: pack.pulled_twice,
    shifted: pack.shifted,
    transactions: pack.transactions,
    slabsAstray: pack.slabs_astray,
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
  const scratch = await openScratchPostgres(run, config.adminUrl);
  const handle = await openDatabase({
    driver: "postgres",
    url: scratch.url,
    poolSize: config.poolSize,
  });
  const server = new URL(config.adminUrl);
  return {
    handle,
    url: scratch.url,
    database: scratch.name,
    label: `PostgreSQL ${server.host}, scratch database ${scratch.name}, pool of ${config.poolSize}`,
  };
}

async function runOn(driver) {
  const { handle, label, url, database } = await openFor(driver);
  return withDatabase(run, handle, async () => {
    console.log(`\n${driver}: ${label}`);
    await migrateDatabase(handle, migrationsDir(rootDir));
    const db = handle.db;
    const setupStarted = performance.now();
    const buyers = await makeBuyers(db, config.buyers, config.units);
    const warmupPack = await makePack(db, "Bench Warm-up Pack", WARMUP_OPENINGS);
    const probePack = await makePack(db, "Bench Probe Pack", PROBE_OPENINGS);
    const packId = await makePack(db, "Bench Drop Pack", config.units);
    console.log(
      `  ${config.buyers} buyers funded in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; warming up (${WARMUP_OPENINGS} openings, not measured) ...`,
    );
    await drop(db, buyers.slice(0, Math.min(buyers.length, 20)), warmupPack);

    // One buyer alone, so every statement counted is one of an opening.
    const before = statementsSent();
    for (let n = 0; n < PROBE_OPENINGS; n++) {
      await openPack(ctxFor(db, buyers[0]), { packId: probePack, idempotencyKey: randomUUID() });
    }
    const statementsPerOpening =
      driver === "postgres" ? (statementsSent() - before) / PROBE_OPENINGS : null;

    process.stdout.write(`  floor (${config.units} transactions) ... `);
    const floorBefore = await floor(db, config.buyers, config.units, database);
    console.log(`${floorBefore.perSec.toFixed(0)}/s`);
    process.stdout.write(`  dropping ${config.units} units on ${config.buyers} buyers ... `);
    const sampler = driver === "postgres" ? await sampleLockWaits(url) : null;
    const sentBefore = statementsSent();
    const stopCpu = startCpuMeter(database);
    const run = await drop(db, buyers, packId);
    const dropCpu = stopCpu();
    const sentInDrop = statementsSent() - sentBefore;
    const waits = await sampler?.stop();
    console.log(`${run.successes} openings in ${(run.wallMs / 1000).toFixed(1)} s`);
    process.stdout.write(`  floor again ... `);
    const floorAfter = await floor(db, config.buyers, config.units, database);
    console.log(`${floorAfter.perSec.toFixed(0)}/s`);
    process.stdout.write(`  claim floor (SKIP LOCKED claim + insert, ${config.units} rows) ... `);
    const claim = await claimFloor(db, config.buyers, config.units, database);
    console.log(`${claim.perSec.toFixed(0)}/s`);
    const outcome = await verify(db, packId, config.units);

    process.stdout.write(`  buy now: ${config.buyers} buyers at once ... `);
    const sales = await buyNowCrowd(db, buyers);
    console.log(`${sales.successes} sales in ${(sales.wallMs / 1000).toFixed(1)} s`);
    process.stdout.write(`  buybacks: ${config.buyers} buyers accepting at once ... `);
    const buybacks = await buybackCrowd(db, buyers);
    console.log(`${buybacks.successes} buybacks in ${(buybacks.wallMs / 1000).toFixed(1)} s`);
    const after = await verify(db, packId, config.units);

    const floorPerSec = (floorBefore.perSec + floorAfter.perSec) / 2;
    const floorCpu = cpuPerCall(
      {
        nodeMs: floorBefore.cpu.nodeMs + floorAfter.cpu.nodeMs,
        databaseMs:
          floorBefore.cpu.databaseMs === null || floorAfter.cpu.databaseMs === null
            ? null
            : floorBefore.cpu.databaseMs + floorAfter.cpu.databaseMs,
      },
      floorBefore.successes + floorAfter.successes,
    );
    const openingCpu = cpuPerCall(dropCpu, run.successes);
    return {
      driver,
      label,
      floor: { before: floorBefore, after: floorAfter, perSec: floorPerSec },
      claimFloor: claim,
      successes: run.successes,
      refused: run.refused,
      errors: run.errors,
      firstErrors: run.firstErrors,
      wallMs: run.wallMs,
      openingsPerSec: run.perSec,
      ratio: run.perSec / floorPerSec,
      cpuMsPerOpening: openingCpu,
      cpuMsPerFloor: floorCpu,
      latencyMs: run.latencyMs,
      statementsPerOpening,
      statementsPerOpeningInDrop: driver === "postgres" ? sentInDrop / run.successes : null,
      lockWaitMsPerOpening: waits
        ? Object.fromEntries(
            Object.entries(waits.lockWaitMs).map(([row, ms]) => [row, ms / run.successes]),
          )
        : null,
      lwlockSamples: waits?.lwlockSamples ?? null,
      lockSamples: waits?.samples ?? null,
      buyNow: sales,
      buybacks,
      ...outcome,
      ledgerAfterSales: after.ledger,
    };
  });
}

/** `total (node + database)` ms, or just Node's where the database's is unknown (PGlite's is in it). */
const formatCpu = (cpu) =>
  cpu.database === null
    ? cpu.node.toFixed(2)
    : `${cpu.total.toFixed(2)} (${cpu.node.toFixed(2)}+${cpu.database.toFixed(2)})`;

const formatMs = (ms) => (ms === null ? "-" : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

/** Rows of cells as an aligned text table, the first column left-aligned. */
function formatTable(header, lines) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [format(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(format)].join(
    "\n",
  );
}

function dropTable(rows) {
  return formatTable(
    [
      "driver",
      "floor/s",
      "openings/s",
      "ratio",
      "claim floor/s",
      "vs claim",
      "p50 ms",
      "p99 ms",
      "max ms",
      "floor p99",
      "oversell",
      "pulled twice",
      "shifted",
      "per tx",
      "stock<0",
      "errors",
      "stmts/opening",
      "cpu ms/opening",
      "cpu ms/floor",
      "cpu ratio",
    ],
    rows.map((row) => [
      row.driver,
      row.floor.perSec.toFixed(0),
      row.openingsPerSec.toFixed(0),
      `${row.ratio.toFixed(2)}x`,
      row.claimFloor.perSec.toFixed(0),
      `${(row.openingsPerSec / row.claimFloor.perSec).toFixed(2)}x`,
      formatMs(row.latencyMs.p50),
      formatMs(row.latencyMs.p99),
      formatMs(row.latencyMs.max),
      formatMs(row.floor.before.latencyMs.p99),
      String(row.oversell),
      String(row.pulledTwice),
      `${((100 * row.shifted) / row.openings).toFixed(1)}%`,
      (row.openings / row.transactions).toFixed(1),
      String(row.stockBelowZero),
      String(row.errors),
      row.statementsPerOpening === null
        ? "-"
        : `${row.statementsPerOpening.toFixed(1)} (${row.statementsPerOpeningInDrop.toFixed(1)})`,
      formatCpu(row.cpuMsPerOpening),
      formatCpu(row.cpuMsPerFloor),
      `${(row.cpuMsPerFloor.total / row.cpuMsPerOpening.total).toFixed(2)}x`,
    ]),
  );
}

function crowdTable(rows) {
  return formatTable(
    [
      "driver",
      "crowd",
      "calls",
      "errors",
      "per s",
      "vs floor",
      "p50 ms",
      "p99 ms",
      "max ms",
      "stmts/call",
    ],
    rows.flatMap((row) =>
      [
        ["buy now", row.buyNow],
        ["buybacks", row.buybacks],
      ].map(([name, run]) => [
        row.driver,
        name,
        String(run.successes),
        String(run.errors),
        run.perSec.toFixed(0),
        `${(run.perSec / row.floor.perSec).toFixed(2)}x`,
        formatMs(run.latencyMs.p50),
        formatMs(run.latencyMs.p99),
        formatMs(run.latencyMs.max),
        row.driver === "postgres" ? run.statementsPerCall.toFixed(1) : "-",
      ]),
    ),
  );
}

function lockTable(rows) {
  const withWaits = rows.filter((row) => row.lockWaitMsPerOpening);
  const keys = [...new Set(withWaits.flatMap((row) => Object.keys(row.lockWaitMsPerOpening)))];
  if (keys.length === 0) return "(no statement waited for a row lock in any sample)";
  return formatTable(
    ["driver", ...keys],
    withWaits.map((row) => [
      row.driver,
      ...keys.map((key) => formatMs(row.lockWaitMsPerOpening[key] ?? 0)),
    ]),
  );
}

/** The run's verdict on one row: what is wrong with it, if anything. */
function problemsOf(row) {
  const problems = [];
  if (row.oversell !== 0) problems.push(`${row.cards} cards made for ${config.units} units`);
  if (row.stockBelowZero !== 0) problems.push(`stock went to ${row.stockLeft}`);
  if (row.pulledTwice !== 0) problems.push(`${row.pulledTwice} slabs pulled twice`);
  if (row.slabsAstray !== 0)
    problems.push(`${row.slabsAstray} pulled slabs not owned by their card`);
  if (row.successes !== config.units || row.stockLeft !== 0) {
    problems.push(`${row.successes} openings succeeded and ${row.stockLeft} units are left`);
  }
  if (row.successes !== row.cards || row.openings !== row.cards) {
    problems.push(`${row.successes} successes, ${row.openings} openings, ${row.cards} cards`);
  }
  if (row.errors > 0)
    problems.push(`${row.errors} unexpected errors: ${row.firstErrors.join("; ")}`);
  for (const ledger of [row.ledger, row.ledgerAfterSales]) {
    const { mismatchedAccounts, negativeAccounts, unpaidOpenings } = ledger;
    if (mismatchedAccounts + negativeAccounts + unpaidOpenings > 0) {
      problems.push(`ledger: ${JSON.stringify(ledger)}`);
    }
  }
  for (const [name, run] of [
    ["buy now", row.buyNow],
    ["buybacks", row.buybacks],
  ]) {
    if (run.errors > 0)
      problems.push(`${name}: ${run.errors} errors: ${run.firstErrors.join("; ")}`);
  }
  return problems;
}

async function main() {
  mkdirSync(benchDir, { recursive: true });
  countStatements();
  console.log(
    `Pack drop: ${config.buyers} buyers, one pack of ${config.units} units at ${PRICE_CENTS / 100} USD, every buyer opening until it is sold out`,
  );
  const rows = await runEachDriver(config.drivers, runOn, {
    adminUrl: config.adminUrl,
    fail,
    cleanUp,
  });
  if (rows.length === 0) return;

  console.log(`\n${dropTable(rows)}\n`);
  console.log(
    [
      "floor/s = transactions per second that conditionally update one shared row and insert one row (same crowd, same pool; mean of a run before and one after the drop); ratio = openings/s / floor/s.",
      "openings/s = successful openings / wall time of the drop; p50/p99/max = latency of one successful openPack call (including the wait for a pooled connection and row locks); floor p99 = the same for the floor transaction.",
      `stmts/opening = statements sent for one opening, BEGIN and COMMIT included (one buyer alone; in brackets: all statements of the drop / openings). oversell = cards made minus the units; stock<0 = how far the stock went below zero; shifted = openings whose claim found the drawn slab taken and pulled the next free one (their proof says so); per tx = openings per transaction, counted as openings per distinct opening time (a batch's openings share its clock, docs/decisions/065-pack-openings-committed-in-batches.md; two transactions begun in one millisecond count as one).`,
      "cpu ms/opening, cpu ms/floor = CPU time per successful opening / floor transaction: this process's (Node; with PGlite, the database too) plus, in brackets node+database, the scratch database's PostgreSQL backends' on this machine; cpu ratio = floor's / opening's, the ratio the openings would reach if CPU were all that limited them (it hardly depends on the machine's load).",
    ].join("\n"),
  );
  console.log(
    `\nLock wait per opening, ms, by the shared row the waiting statement was after:\n${lockTable(rows)}`,
  );
  console.log(`\n${crowdTable(rows)}\n`);
  console.log(
    `buy now = every buyer at once buying ${LISTINGS_PER_BUYER} listings of the next buyer; buybacks = every buyer at once accepting each of their pending buyback offers; stmts/call = statements sent per successful call in the crowd, BEGIN and COMMIT included (PostgreSQL).`,
  );
  for (const row of rows) {
    const problems = problemsOf(row);
    if (problems.length > 0) fail(`${row.driver}: ${problems.join("; ")}`);
  }

  const report = {
    date: new Date().toISOString(),
    machine: machineInfo(),
    config: {
      probeOpenings: PROBE_OPENINGS,
      listingsPerBuyer: LISTINGS_PER_BUYER,
      buyers: config.buyers,
      units: config.units,
      priceCents: PRICE_CENTS,
      poolSize: config.poolSize,
      warmupOpenings: WARMUP_OPENINGS,
    },
    results: rows,
  };
  writeResults(rootDir, resultsFile, report);
}

await main().catch(async (error) => {
  fail(error.stack ?? String(error));
  await cleanUp();
});
run.stop();
process.exit(run.exitCode());
