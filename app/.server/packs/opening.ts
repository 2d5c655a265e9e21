import { and, eq, isNull, sql } from "drizzle-orm";

import type { Ctx } from "../context";

import { hasSqlState } from "../db/pg-errors";

import { queryRows } from "../db/rows";

import { buybackOffers, fairnessSeeds, packOpenings, packs, userCards } from "../db/schema";

import { DomainError } from "../errors";

import { assertMayPlay } from "../play/guard";

import { achievementsUnlockedBy, unlockAchievements } from "../rewards/achievements";

import { awardPoints, pointsForCents } from "../rewards/ledger";

import { insufficientBalance, postMovement } from "../wallet/ledger";

import { activeSeedPair, rollDigest, type SeedPair } from "./fairness";

import { drawFromDigest, type Draw } from "~/lib/fairness";

import { applyBasisPoints, type Cents } from "~/lib/money";

import { BUYBACK_RATE_BP, BUYBACK_TTL_SECONDS, certNumber } from "~/lib/packs";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import type { Pull } from "~/lib/domain/packs";
import { pageTags } from "~/lib/page-cache";

/** Spec section 3: a pulled card's category and condition. */
export const PULLED_CARD_CATEGORY = "Trading Cards";
export const PULLED_CARD_CONDITION = "Mint";

const notSignedIn = () => new DomainError("not_signed_in", "Please log in to open packs", 401);
const outOfStock = () => new DomainError("out_of_stock", "Pack is out of stock", 409);

/**
 * Opens one pack for the signed-in user (issue 5 section 3; spec sections 4, 5 and 9), in ONE
 * transaction of a few statements, ordered so the row every opening of the pack contends for
 * is locked last and held only until the commit (docs/decisions/011-pack-drop-throughput.md):
 * 1. one read: locks the user's seed pair (their openings go one at a time) and reads the
 *    pack, the user's balance and whether this `idempotencyKey` already opened a pack; if so,
 *    returns that pull: a retried or doubled request never buys or rolls again;
 * 2. draws from HMAC-SHA256(server seed, `client seed:nonce`) with the pack's odds and names as
 *    read; one statement advances the nonce and stores the card (vaulted, 'Trading Cards',
 *    Mint), the opening with its proof, and a pending buyback offer of 90 % of the value,
 *    expiring 24 hours later;
 * 3. awards one reward point per whole dollar of the price and unlocks the achievements the
 *    opening earned (issue 7);
 * 4. debits the price from the user's wallet to the platform (ledger; the platform's leg is an
 *    entry only, so no other movement waits for it);
 * 5. at COMMIT, the database takes one unit of stock: a deferred trigger on the opening
 *    (migration 0011) runs a conditional update of the pack (active, `available_count > 0`,
 *    and the price, odds, names and odds commitment the opening was drawn with still in
 *    force), so N parallel openings of a pack with k left make exactly min(N, k) cards, and
 *    the pack's row is held only while the commit is written.
 * Lock order: seed pair, rewards, the user's wallet, the pack. Nothing the client sends
 * besides the pack id and key reaches the draw.
 * @throws DomainError `not_signed_in` (401, 'Please log in to open packs'); `pack_not_found`
 * (404, 'Pack not found'); `out_of_stock` (409, 'Pack is out of stock') for a sold-out or
 * inactive pack; `pack_changed` (409) when an admin edited the pack meanwhile;
 * `insufficient_balance` (402, 'Insufficient balance'); `play_paused`, `date_of_birth_required`,
 * `limit_exceeded` (403) from the play guard, which also runs in this transaction
 * (docs/decisions/010-responsible-play.md).
 */
export async function openPack(
  ctx: Ctx,
  input: { packId: number; idempotencyKey: string },
): Promise<Pull> {
  if (!ctx.actor) throw notSignedIn();
  const userId = ctx.actor.userId;
  return openingTransaction(ctx, async (tx) => {
    let read = await readForOpening(tx, userId, input);
    if (!read) {
      // The user's first opening: make their seed pair, then read again.
      await activeSeedPair(tx, ctx, userId, { lock: true });
      read = (await readForOpening(tx, userId, input))!;
    }
    const { pair, pack } = read;
    if (read.earlierId !== null) return pullOf(tx, userId, read.earlierId);
    if (!pack) throw new DomainError("pack_not_found", "Pack not found", 404);
    if (!pack.isActive || pack.availableCount <= 0) throw outOfStock();
    await assertMayPlay(tx, ctx, { userId, kind: "pack-spend", amountCents: pack.priceCents });
    // Fails fast without the writes below; the ledger's conditional update is what guarantees it.
    if ((read.balanceCents ?? 0) < pack.priceCents) throw insufficientBalance();

    const draw = drawFromDigest(rollDigest(pair.serverSeed, pair.clientSeed, pair.nonce), pack);
    const now = ctx.now();
    const card = {
      name: draw.cardName,
      description: `${draw.rarity === "uncommon" ? "An" : "A"} ${draw.rarity} ${pack.category} pull from ${pack.name}.`,
      rarity: draw.rarity,
      grade: draw.grade,
      condition: PULLED_CARD_CONDITION,
      category: PULLED_CARD_CATEGORY,
      packCategory: pack.category,
      estimatedValueCents: draw.estimatedValueCents,
    };
    const offer = {
      amountCents: applyBasisPoints(draw.estimatedValueCents, BUYBACK_RATE_BP),
      expiresAt: new Date(now.getTime() + BUYBACK_TTL_SECONDS * 1000),
    };
    const made = await recordOpening(tx, {
      userId,
      pair,
      pack,
      draw,
      card,
      offer,
      now,
      key: input.idempotencyKey,
    });
    const reference = `pack_opening:${made.openingId}`;
    // The unit is taken at COMMIT (the stock trigger): visitors see the count left after it.
    invalidatePagesAfterCommit(ctx, [pageTags.pack(pack.id), pageTags.packs]);
    const points = pointsForCents(pack.priceCents);
    if (points > 0) {
      await awardPoints(tx, {
        userId,
        points,
        type: "pack_opening",
        description: `Opened ${pack.name}`,
        reference,
      });
    }
    const achievements = await unlockAchievements(tx, {
      userId,
      trigger: "pack_opening",
      source: reference,
      now,
      afterCommit: ctx.afterCommit,
    });
    await postMovement(tx, {
      kind: "pack_purchase",
      reference,
      description: `Opened ${pack.name}`,
      legs: [
        { account: { userId }, amountCents: -pack.priceCents },
        { account: "platform", amountCents: pack.priceCents },
      ],
    });
    return {
      openingId: made.openingId,
      packId: pack.id,
      card: { id: made.cardId, ...card, certNumber: certNumber(made.cardId) },
      buyback: { offerId: made.offerId, ...offer },
      pointsEarned: points,
      achievements,
    };
  });
}

type Tx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];

/**
 * Runs `work` in a transaction and turns the refusals of the stock trigger, raised by COMMIT,
 * into DomainErrors: `out_of_stock` (SQLSTATE PV001) and `pack_changed` (PV002, the price, odds
 * or names changed since the draw read them).
 */
async function openingTransaction<T>(ctx: Ctx, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (error) {
    if (hasSqlState(error, "PV001")) throw outOfStock();
    if (hasSqlState(error, "PV002")) {
      throw new DomainError("pack_changed", "This pack was just updated. Please try again.", 409);
    }
    throw error;
  }
}
type PackRow = typeof packs.$inferSelect;

/**
 * The user's active seed pair, locked FOR UPDATE, with the pack, the user's cached balance
 * (null without a wallet) and the id of the opening `key` already made (null if none), in one
 * statement; undefined when the user has no seed pair yet.
 */
async function readForOpening(
  tx: Tx,
  userId: string,
  input: { packId: number; idempotencyKey: string },
) {
  const [row] = await tx
    .select({
      pair: fairnessSeeds,
      pack: packs,
      earlierId: sql<number | null>`(select o.id from pack_openings o
        where o.user_id = ${userId} and o.idempotency_key = ${input.idempotencyKey})`,
      balanceCents: sql<Cents | null>`(select w.balance_cents from wallet_accounts w
        where w.user_id = ${userId})`.mapWith(Number),
    })
    .from(fairnessSeeds)
    .leftJoin(packs, eq(packs.id, input.packId))
    .where(and(eq(fairnessSeeds.userId, userId), isNull(fairnessSeeds.revealedAt)))
    .for("update", { of: fairnessSeeds });
  return row;
}

/**
 * Advances the pair's nonce and writes the card, the opening with its proof and the buyback
 * offer, in one statement. The opening names the pack's odds commitment as read: it is the one
 * in force, because the stock trigger refuses at COMMIT a pack edited since.
 * @returns the new rows' ids.
 */
async function recordOpening(
  tx: Tx,
  o: {
    userId: string;
    pair: SeedPair;
    pack: PackRow;
    draw: Draw;
    card: Omit<Pull["card"], "id" | "certNumber">;
    offer: Omit<Pull["buyback"], "offerId">;
    now: Date;
    key: string;
  },
): Promise<{ cardId: number; openingId: number; offerId: number }> {
  const now = sql`${o.now.toISOString()}::timestamptz`;
  const [made] = await queryRows<{ card_id: number; opening_id: number; offer_id: number }>(
    tx,
    sql`
    WITH nonce AS (
      UPDATE fairness_seeds SET nonce = nonce + 1
      WHERE id = ${o.pair.id} AND nonce = ${o.pair.nonce}
      RETURNING id
    ), card AS (
      INSERT INTO user_cards (user_id, card_name, card_description, category, pack_category,
        pack_id, rarity, condition, grade, estimated_value_cents, pulled_at)
      SELECT ${o.userId}, ${o.card.name}, ${o.card.description}, ${o.card.category},
        ${o.card.packCategory}, ${o.pack.id}::int, ${o.card.rarity}, ${o.card.condition},
        ${o.card.grade}::numeric, ${o.card.estimatedValueCents}::bigint, ${now}
      FROM nonce
      RETURNING id
    ), opening AS (
      INSERT INTO pack_openings (user_id, pack_id, card_id, idempotency_key, price_paid_cents,
        rarity_distribution, card_names, seed_id, server_seed_hash, client_seed, nonce, rolls,
        odds_commitment, created_at)
      SELECT ${o.userId}, ${o.pack.id}::int, card.id, ${o.key}, ${o.pack.priceCents}::bigint,
        ${JSON.stringify(o.pack.rarityDistribution)}::jsonb, ${JSON.stringify(o.pack.cardNames)}::jsonb,
        ${o.pair.id}::int, ${o.pair.serverSeedHash}, ${o.pair.clientSeed}, ${o.pair.nonce}::int,
        ${JSON.stringify(o.draw.rolls)}::jsonb, ${o.pack.oddsCommitment}, ${now}
      FROM card
      RETURNING id
    ), offer AS (
      INSERT INTO buyback_offers (user_id, card_id, offer_amount_cents, expires_at, created_at)
      SELECT ${o.userId}, card.id, ${o.offer.amountCents}::bigint,
        ${o.offer.expiresAt.toISOString()}::timestamptz, ${now}
      FROM card
      RETURNING id
    )
    SELECT card.id AS card_id, opening.id AS opening_id, offer.id AS offer_id
    FROM card, opening, offer`,
  );
  // The pair is locked, so its nonce cannot have moved; this guards the statement's shape.
  if (!made) throw new Error(`the nonce of seed pair ${o.pair.id} moved during an opening`);
  return { cardId: made.card_id, openingId: made.opening_id, offerId: made.offer_id };
}

type ReadTx = Pick<Ctx["db"], "select">;

/**
 * The pull of one of the user's openings, as it was made (its card, buyback offer, points and
 * the achievements it unlocked), so a retry answers exactly like the first request.
 * @throws DomainError `opening_not_found` (404) when it is not theirs.
 */
export async function pullOf(tx: ReadTx, userId: string, openingId: number): Promise<Pull> {
  const [row] = await tx
    .select({
      openingId: packOpenings.id,
      packId: packOpenings.packId,
      card: userCards,
      offerId: buybackOffers.id,
      amountCents: buybackOffers.offerAmountCents,
      expiresAt: buybackOffers.expiresAt,
      pricePaidCents: packOpenings.pricePaidCents,
    })
    .from(packOpenings)
    .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
    .innerJoin(buybackOffers, eq(buybackOffers.cardId, userCards.id))
    .where(and(eq(packOpenings.id, openingId), eq(packOpenings.userId, userId)))
    .orderBy(buybackOffers.id)
    .limit(1);
  if (!row) throw new DomainError("opening_not_found", "Opening not found", 404);
  const { card } = row;
  return {
    openingId: row.openingId,
    packId: row.packId,
    card: {
      id: card.id,
      name: card.cardName,
      description: card.cardDescription,
      rarity: card.rarity,
      grade: card.grade,
      condition: card.condition,
      category: card.category,
      packCategory: card.packCategory ?? card.category,
      estimatedValueCents: card.estimatedValueCents,
      certNumber: certNumber(card.id),
    },
    buyback: { offerId: row.offerId, amountCents: row.amountCents, expiresAt: row.expiresAt },
    pointsEarned: pointsForCents(row.pricePaidCents),
    achievements: await achievementsUnlockedBy(tx, `pack_opening:${row.openingId}`),
  };
}
