import { sql } from "drizzle-orm";

import type { Ctx } from "../context";
import { queryRows } from "../db/rows";
import type { packs } from "../db/schema";
import { awardPointsSql, lockRewardsSql } from "../rewards/ledger";
import { debitMovementSql, insufficientBalance } from "../wallet/ledger";

import type { SeedPair } from "./fairness";

import type { Pull } from "~/lib/domain/packs";
import type { PoolDrawRolls } from "~/lib/fairness";

type Tx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];
export type PackRow = typeof packs.$inferSelect;

/** The seed pair's columns an opening draws and records with. */
export type OpeningSeedPair = Pick<
  SeedPair,
  "id" | "serverSeed" | "serverSeedHash" | "clientSeed" | "nonce"
>;

/** The pack's columns an opening checks, draws and records with. */
export type OpeningPack = Pick<
  PackRow,
  | "id"
  | "name"
  | "category"
  | "priceCents"
  | "availableCount"
  | "isActive"
  | "rarityDistribution"
  | "cardNames"
  | "oddsCommitment"
  | "poolCommitment"
>;

/**
 * Advances the pair's nonce and writes the card, the opening with its proof, the buyback
 * offer, the opening's reward `points` (if any; with none but an achievement possible, the
 * rewards row is locked all the same) and the price's ledger movement from the user's wallet
 * to the platform, in one statement (in that order: the rewards row is locked before the
 * wallet, as every transaction that touches both does). The opening names the
 * pack's odds and pool commitments as read: they are the ones in force, because the stock
 * trigger refuses at COMMIT a pack edited or whose pool was recomposed since
 * (docs/decisions/041-pool-commitment.md).
 * @returns the new rows' ids.
 * @throws DomainError `insufficient_balance` (402) when the wallet cannot pay the price.
 */
export async function recordOpening(
  tx: Tx,
  o: {
    userId: string;
    pair: OpeningSeedPair;
    pack: OpeningPack;
    rolls: PoolDrawRolls;
    slabId: number;
    card: Omit<Pull["card"], "id" | "certNumber" | "slab">;
    offer: Omit<Pull["buyback"], "offerId">;
    points: number;
    /** Whether the pull may unlock an achievement (which awards points after this statement). */
    mayUnlock: boolean;
    now: Date;
    key: string;
  },
): Promise<{ cardId: number; openingId: number; offerId: number }> {
  const now = sql`${o.now.toISOString()}::timestamptz`;
  const reference = sql`(SELECT 'pack_opening:' || id FROM opening)`;
  const description = `Opened ${o.pack.name}`;
  // The rewards row is taken before the wallet; under $1 there are no points to award, but an
  // achievement the pull unlocks awards some later, so the row is locked all the same.
  const rewardsCte =
    o.points > 0
      ? awardPointsSql({
          userId: o.userId,
          points: o.points,
          type: "pack_opening",
          description,
          reference,
        })
      : o.mayUnlock
        ? lockRewardsSql(o.userId)
        : null;
  const movement = debitMovementSql({
    kind: "pack_purchase",
    reference,
    description,
    legs: [
      { account: { userId: o.userId }, amountCents: -o.pack.priceCents },
      { account: "platform", amountCents: o.pack.priceCents },
    ],
  });
  const [made] = await queryRows<{
    card_id: number;
    opening_id: number;
    offer_id: number;
    paid: boolean;
  }>(
    tx,
    sql`
    WITH nonce AS (
      UPDATE fairness_seeds SET nonce = nonce + 1
      WHERE id = ${o.pair.id} AND nonce = ${o.pair.nonce}
      RETURNING id
    ), card AS (
      INSERT INTO user_cards (user_id, card_name, card_description, category, pack_category,
        pack_id, rarity, condition, grade, estimated_value_cents, pulled_at, slab_id)
      SELECT ${o.userId}, ${o.card.name}, ${o.card.description}, ${o.card.category},
        ${o.card.packCategory}, ${o.pack.id}::int, ${o.card.rarity}, ${o.card.condition},
        ${o.card.grade}::numeric, ${o.card.estimatedValueCents}::bigint, ${now}, ${o.slabId}::int
      FROM nonce
      RETURNING id
    ), opening AS (
      INSERT INTO pack_openings (user_id, pack_id, card_id, idempotency_key, price_paid_cents,
        rarity_distribution, card_names, seed_id, server_seed_hash, client_seed, nonce, rolls,
        odds_commitment, pool_commitment, created_at, slab_id)
      SELECT ${o.userId}, ${o.pack.id}::int, card.id, ${o.key}, ${o.pack.priceCents}::bigint,
        ${JSON.stringify(o.pack.rarityDistribution)}::jsonb, ${JSON.stringify(o.pack.cardNames)}::jsonb,
        ${o.pair.id}::int, ${o.pair.serverSeedHash}, ${o.pair.clientSeed}, ${o.pair.nonce}::int,
        ${JSON.stringify(o.rolls)}::jsonb, ${o.pack.oddsCommitment}, ${o.pack.poolCommitment},
        ${now}, ${o.slabId}::int
      FROM card
      RETURNING id
    ), offer AS (
      INSERT INTO buyback_offers (user_id, card_id, offer_amount_cents, expires_at, created_at)
      SELECT ${o.userId}, card.id, ${o.offer.amountCents}::bigint,
        ${o.offer.expiresAt.toISOString()}::timestamptz, ${now}
      FROM card
      RETURNING id
    )${rewardsCte ? sql`, ${rewardsCte}` : sql``}, ${movement}
    SELECT card.id AS card_id, opening.id AS opening_id, offer.id AS offer_id,
      ${rewardsCte ? sql`(SELECT count(*) FROM reward_balance)` : sql`0`} AS rewarded,
      EXISTS (SELECT 1 FROM wallet) AS paid
    FROM card, opening, offer`,
  );
  // The pair is locked, so its nonce cannot have moved; this guards the statement's shape.
  if (!made) throw new Error(`the nonce of seed pair ${o.pair.id} moved during an opening`);
  if (!made.paid) throw insufficientBalance();
  return { cardId: made.card_id, openingId: made.opening_id, offerId: made.offer_id };
}
