// The public draw log and the odds page of a pack with many openings
// (docs/decisions/016-odds-commitment.md): seeds BENCH_DRAWS real openings of one pack (drawn
// with node:crypto from 200 users' seed pairs, half of them revealed; bulk inserts), then times
// streaming the whole JSON draw log (`drawLogChunks`), the odds page's read (`realizedOdds`)
// and verifying the log with the browser's verifier (`verifyDrawLog`, WebCrypto). No HTTP.
// Runs on PostgreSQL (a scratch database created and dropped on BENCH_DATABASE_URL's server)
// and on in-process PGlite; exits 1 if the log does not verify. Run it with
// `npx tsx bench/draw-log.ts`.
import { createHash, createHmac } from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { makeCtx, type Ctx } from "~/.server/context";
import { openDatabase, type Database, type DatabaseHandle } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/setup/migrate";
import {
  buybackOffers,
  fairnessSeeds,
  packOpenings,
  packs,
  profiles,
  userCards,
} from "~/.server/db/schema";
import { CARD_NAMES_BY_CATEGORY } from "~/.server/setup/seed/packs-data";
import { drawLogChunks } from "~/.server/packs/draw-log";
import { recordOdds } from "~/.server/packs/odds";
import { realizedOdds } from "~/.server/packs/realized-odds";
import { parseDrawLog } from "~/lib/draw-log";
import { drawFromDigest } from "~/lib/fairness";
import { applyBasisPoints } from "~/lib/money";
import { DEFAULT_DISTRIBUTION } from "~/lib/packs";
import { verifyDrawLog } from "~/lib/verify-draws";
import { BUYBACK_RATE_BP } from "~/lib/rates";
import { benchProfile } from "./lib/bench-profiles.js";

import { createScratchPostgres } from "./lib/scratch-postgres.js";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DRAWS = Number(process.env.BENCH_DRAWS ?? 100_000);
const USERS = 200;
const BATCH = 1_000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
if (!Number.isInteger(DRAWS) || DRAWS < 1 || DRAWS > 1_000_000) {
  console.error("BENCH_DRAWS must be an integer from 1 to 1,000,000");
  process.exit(2);
}

/** Inserts `rows` in batches (one statement per batch). */
async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** One pack, USERS users with a seed pair each (even ones revealed), DRAWS real openings. */
async function seed(db: Database): Promise<number> {
  const odds = {
    priceCents: 2_500,
    rarityDistribution: DEFAULT_DISTRIBUTION,
    cardNames: CARD_NAMES_BY_CATEGORY.Pokemon,
  };
  const [pack] = await db
    .insert(packs)
    .values({
      name: "Bench Pack",
      category: "Pokemon",
      // Each opening row takes one unit when it commits (the stock trigger).
      availableCount: DRAWS,
      ...odds,
      oddsCommitment: await recordOdds({ db }, odds),
    })
    .returning();
  const users = Array.from({ length: USERS }, (_, i) => `bench_draws_${i}`);
  await db.insert(profiles).values(users.map((id) => benchProfile(id, "Bench")));
  const seeds = await db
    .insert(fairnessSeeds)
    .values(
      users.map((userId, i) => {
        const serverSeed = createHash("sha256").update(`seed:${i}`).digest("hex");
        return {
          userId,
          serverSeed,
          serverSeedHash: createHash("sha256").update(serverSeed).digest("hex"),
          clientSeed: `client-${i}`,
          nonce: Math.ceil(DRAWS / USERS),
          revealedAt: i % 2 === 0 ? new Date() : null,
        };
      }),
    )
    .returning();
  const drawn = Array.from({ length: DRAWS }, (_, i) => {
    const pair = seeds[i % USERS]!;
    const nonce = Math.floor(i / USERS);
    const digest = createHmac("sha256", pair.serverSeed)
      .update(`${pair.clientSeed}:${nonce}`)
      .digest();
    return { pair, nonce, draw: drawFromDigest(digest, pack!) };
  });
  const cardIds: number[] = [];
  await insertAll(drawn, async (batch) => {
    const cards = await db
      .insert(userCards)
      .values(
        batch.map(({ pair, draw }) => ({
          userId: pair.userId,
          cardName: draw.cardName,
          cardDescription: "bench",
          category: "Trading Cards",
          packId: pack!.id,
          rarity: draw.rarity,
          grade: draw.grade,
          estimatedValueCents: draw.estimatedValueCents,
        })),
      )
      .returning({ id: userCards.id });
    cardIds.push(...cards.map((c) => c.id));
  });
  await insertAll(
    drawn.map((d, i) => ({ ...d, cardId: cardIds[i]! })),
    (batch) =>
      db.insert(packOpenings).values(
        batch.map(({ pair, nonce, draw, cardId }) => ({
          userId: pair.userId,
          packId: pack!.id,
          cardId,
          idempotencyKey: `bench:${cardId}`,
          pricePaidCents: pack!.priceCents,
          rarityDistribution: pack!.rarityDistribution,
          cardNames: pack!.cardNames,
          seedId: pair.id,
          serverSeedHash: pair.serverSeedHash,
          clientSeed: pair.clientSeed,
          nonce,
          rolls: draw.rolls,
          oddsCommitment: pack!.oddsCommitment,
        })),
      ),
  );
  await insertAll(
    drawn.map((d, i) => ({ ...d, cardId: cardIds[i]! })),
    (batch) =>
      db.insert(buybackOffers).values(
        batch.map(({ pair, draw, cardId }) => ({
          userId: pair.userId,
          cardId,
          offerAmountCents: applyBasisPoints(draw.estimatedValueCents, BUYBACK_RATE_BP),
          status: "cancelled" as const,
          expiresAt: new Date(),
        })),
      ),
  );
  return pack!.id;
}

async function openFor(driver: "postgres" | "pglite") {
  if (driver === "pglite") {
    return { handle: await openDatabase({ driver: "pglite" }), drop: async () => null };
  }
  const scratch = await createScratchPostgres(ADMIN_URL);
  const handle = await openDatabase({ driver: "postgres", url: scratch.url, poolSize: 4 });
  return { handle, drop: scratch.drop };
}

const seconds = (since: number) => (performance.now() - since) / 1000;

async function runOn(driver: "postgres" | "pglite") {
  const { handle, drop } = await openFor(driver);
  try {
    await migrateDatabase(handle as DatabaseHandle, migrationsDir(rootDir));
    let t = performance.now();
    const packId = await seed(handle.db);
    console.log(
      `${driver}: seeded ${DRAWS.toLocaleString("en-US")} openings in ${seconds(t).toFixed(1)} s`,
    );
    const ctx: Ctx = makeCtx({
      db: handle.db,
      actor: null,
      now: () => new Date(),
      log: pino({ level: "silent" }),
    });
    t = performance.now();
    let text = "";
    for await (const chunk of (await drawLogChunks(ctx, {
      packId,
      format: "json",
      tagKey: "k",
    }))!) {
      text += chunk;
    }
    const streamS = seconds(t);
    t = performance.now();
    const odds = await realizedOdds(ctx, packId);
    const oddsMs = seconds(t) * 1000;
    t = performance.now();
    const report = await verifyDrawLog(parseDrawLog(text));
    const verifyS = seconds(t);
    const row = {
      driver,
      openings: DRAWS,
      logMB: Number((text.length / 1e6).toFixed(1)),
      streamS: Number(streamS.toFixed(2)),
      streamRowsPerS: Math.round(DRAWS / streamS),
      oddsPageMs: Math.round(oddsMs),
      verifyS: Number(verifyS.toFixed(2)),
      verifiedPerS: Math.round(report.matched / verifyS),
      matched: report.matched,
      mismatched: report.mismatched,
      pValue: Number(odds!.periods[0]!.fit!.pValue.toFixed(3)),
    };
    console.log(row);
    if (report.mismatched > 0 || report.matched !== Math.ceil(DRAWS / 2)) process.exitCode = 1;
  } finally {
    await handle.close();
    const problem = await drop();
    if (problem) console.error(problem);
  }
}

for (const driver of ["postgres", "pglite"] as const) await runOn(driver);
