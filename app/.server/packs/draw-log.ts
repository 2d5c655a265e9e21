import { isPoolDraw } from "~/lib/fairness";
import { createHmac } from "node:crypto";
import { and, asc, eq, gt, lte, max, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Ctx } from "../context";
import { buybackOffers, fairnessSeeds, packOpenings, packs, slabs, userCards } from "../db/schema";
import { poolTextsOf } from "../policy/pool-commitment";
import { oddsTextsOf } from "./odds";
import {
  DRAW_LOG_COLUMNS,
  DRAW_LOG_FORMAT,
  DRAW_LOG_VERSION,
  type DrawLog,
  type DrawLogEntry,
} from "~/lib/draw-log";

/**
 * A pack's public draw log (docs/decisions/016-odds-commitment.md), streamed in id order in
 * batches, as JSON (self-contained: with the canonical text of every odds and pool commitment,
 * docs/decisions/041-pool-commitment.md) or CSV.
 */

/** Openings read per query while streaming. */
export const DRAW_LOG_BATCH = 1_000;

/** The buyback offer made with the pull of the card `cardId`: its first offer, in cents. */
export const firstBuybackOffer = (cardId: SQLWrapper): SQL<number | null> =>
  sql<number | null>`(select ${buybackOffers.offerAmountCents} from ${buybackOffers}
    where ${buybackOffers.cardId} = ${cardId} order by ${buybackOffers.id} limit 1)`.mapWith(
    (v: unknown) => (v === null ? null : Number(v)),
  );

/**
 * An opening's seeds, rolls and first buyback offer as anyone may see them: the server seed only
 * once its pair is revealed (null before). The query must join `fairness_seeds` on the opening's
 * `seed_id`.
 */
export const openingSeedColumns = () => ({
  serverSeedHash: packOpenings.serverSeedHash,
  serverSeed: sql<
    string | null
  >`CASE WHEN ${fairnessSeeds.revealedAt} IS NULL THEN NULL ELSE ${fairnessSeeds.serverSeed} END`,
  clientSeed: packOpenings.clientSeed,
  nonce: packOpenings.nonce,
  oddsCommitment: packOpenings.oddsCommitment,
  rolls: packOpenings.rolls,
  buybackCents: firstBuybackOffer(packOpenings.cardId),
});

/**
 * The key of the anonymous user tags, derived from the server's secret (BETTER_AUTH_SECRET or
 * the embedded mode's generated one) for this one purpose.
 */
export const drawLogTagKey = (secret: string): string =>
  createHmac("sha256", secret).update("packvault/draw-log/user-tag/v1").digest("hex");

/**
 * The anonymous tag of a user in draw logs: the first 16 hex characters of
 * HMAC-SHA256(tag key, user id). The same for all of a user's openings, in every pack; without
 * the server's secret it cannot be turned back into the user.
 */
export const userTag = (tagKey: string, userId: string): string =>
  createHmac("sha256", tagKey).update(userId).digest("hex").slice(0, 16);

/** One batch of a pack's openings with id in (afterId, upToId], oldest first. */
async function entriesAfter(
  ctx: Ctx,
  packId: number,
  afterId: number,
  upToId: number,
  tagKey: string,
): Promise<{ lastId: number; entries: DrawLogEntry[] }> {
  const rows = await ctx.db
    .select({
      id: packOpenings.id,
      createdAt: packOpenings.createdAt,
      userId: packOpenings.userId,
      ...openingSeedColumns(),
      priceCents: packOpenings.pricePaidCents,
      rarity: userCards.rarity,
      cardName: userCards.cardName,
      grade: userCards.grade,
      valueCents: userCards.estimatedValueCents,
      slabId: packOpenings.slabId,
      grader: slabs.grader,
      cert: slabs.cert,
      poolCommitment: packOpenings.poolCommitment,
    })
    .from(packOpenings)
    .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, packOpenings.seedId))
    .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
    .leftJoin(slabs, eq(slabs.id, packOpenings.slabId))
    .where(
      and(
        eq(packOpenings.packId, packId),
        gt(packOpenings.id, afterId),
        lte(packOpenings.id, upToId),
      ),
    )
    .orderBy(asc(packOpenings.id))
    .limit(DRAW_LOG_BATCH);
  return {
    lastId: rows.at(-1)?.id ?? upToId,
    entries: rows.map((row) => ({
      opening_id: row.id,
      opened_at: row.createdAt.toISOString(),
      user_tag: userTag(tagKey, row.userId),
      server_seed_hash: row.serverSeedHash,
      server_seed: row.serverSeed,
      client_seed: row.clientSeed,
      nonce: row.nonce,
      odds_commitment: row.oddsCommitment,
      price_cents: row.priceCents,
      rarity: row.rarity,
      card_name: row.cardName,
      grade: row.grade,
      value_cents: row.valueCents,
      buyback_cents: row.buybackCents,
      slab_index: isPoolDraw(row.rolls) ? row.rolls.slabIndex : null,
      tier_size: isPoolDraw(row.rolls) ? row.rolls.tierSize : null,
      slab_id: row.slabId,
      slab_grader: row.grader,
      slab_cert: row.cert,
      slab_shifted: isPoolDraw(row.rolls) ? (row.rolls.shifted ?? null) : null,
      pool_commitment: row.poolCommitment || null,
    })),
  };
}

/** What a draw log starts with (the pack, the commitments its openings name) and its last id. */
type DrawLogHead = { meta: Omit<DrawLog, "openings">; packId: number; upToId: number };

async function drawLogHead(ctx: Ctx, packId: number): Promise<DrawLogHead | null> {
  const [pack] = await ctx.db
    .select({
      id: packs.id,
      name: packs.name,
      current: packs.oddsCommitment,
      currentPool: packs.poolCommitment,
    })
    .from(packs)
    .where(eq(packs.id, packId));
  if (!pack) return null;
  const [[last], named, namedPools] = await Promise.all([
    ctx.db
      .select({ id: max(packOpenings.id) })
      .from(packOpenings)
      .where(eq(packOpenings.packId, packId)),
    ctx.db
      .selectDistinct({ commitment: packOpenings.oddsCommitment })
      .from(packOpenings)
      .where(eq(packOpenings.packId, packId)),
    ctx.db
      .selectDistinct({ commitment: packOpenings.poolCommitment })
      .from(packOpenings)
      .where(eq(packOpenings.packId, packId)),
  ]);
  const commitments = [...new Set([pack.current, ...named.map((n) => n.commitment)])];
  const pools = await poolTextsOf(ctx.db, [
    ...new Set([pack.currentPool, ...namedPools.map((n) => n.commitment)]),
  ]);
  const meta = {
    format: DRAW_LOG_FORMAT,
    version: DRAW_LOG_VERSION,
    pack: { id: pack.id, name: pack.name },
    generated_at: ctx.now().toISOString(),
    commitments: await oddsTextsOf(ctx.db, commitments),
    pools: Object.fromEntries(
      Object.entries(pools).map(([commitment, { text, recordedAt }]) => [
        commitment,
        { text, recorded_at: recordedAt.toISOString() },
      ]),
    ),
  } as const;
  return { meta, packId: pack.id, upToId: last?.id ?? 0 };
}

/** Every opening of the log, batch by batch (the openings made while streaming are left out). */
async function* batches(ctx: Ctx, head: DrawLogHead, tagKey: string) {
  let afterId = 0;
  while (afterId < head.upToId) {
    const { lastId, entries } = await entriesAfter(ctx, head.packId, afterId, head.upToId, tagKey);
    if (entries.length > 0) yield entries;
    afterId = entries.length < DRAW_LOG_BATCH ? head.upToId : lastId;
  }
}

/** A field of a CSV row (RFC 4180), with spreadsheet formulas defused in card names. */
function csvField(column: keyof DrawLogEntry, value: DrawLogEntry[keyof DrawLogEntry]): string {
  if (value === null) return "";
  let text = column === "grade" ? (value as number).toFixed(1) : String(value);
  if (column === "card_name" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The draw log of pack `packId` as chunks of text, in `format`: JSON (see app/lib/draw-log.ts;
 * the openings streamed inside the object) or CSV (a header, then one opening a line; the
 * commitment texts are not in it). Openings are read in batches of {@link DRAW_LOG_BATCH}.
 * @param tagKey {@link drawLogTagKey} of the server's secret.
 * @returns null for an unknown pack.
 */
export async function drawLogChunks(
  ctx: Ctx,
  input: { packId: number; format: "json" | "csv"; tagKey: string },
): Promise<AsyncIterable<string> | null> {
  const head = await drawLogHead(ctx, input.packId);
  if (!head) return null;
  if (input.format === "csv") {
    return (async function* () {
      yield `${DRAW_LOG_COLUMNS.join(",")}\r\n`;
      for await (const entries of batches(ctx, head, input.tagKey)) {
        yield entries
          .map((e) => `${DRAW_LOG_COLUMNS.map((c) => csvField(c, e[c])).join(",")}\r\n`)
          .join("");
      }
    })();
  }
  return (async function* () {
    yield `${JSON.stringify(head.meta).slice(0, -1)},"openings":[`;
    let first = true;
    for await (const entries of batches(ctx, head, input.tagKey)) {
      yield `${first ? "" : ","}${entries.map((e) => JSON.stringify(e)).join(",")}`;
      first = false;
    }
    yield "]}\n";
  })();
}
