import { sql } from "drizzle-orm";

import type { Ctx } from "../context";
import { preparedSql, queryPrepared, type PreparedSql } from "../db/prepared";
import type { packs } from "../db/schema";
import { awardPointsSql, checkAwardPoints, lockRewardsSql } from "../rewards/ledger";
import { checkDebitMovement, debitMovementSql, insufficientBalance } from "../wallet/ledger";

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

const RECORD_PARAMS = [
  "userId",
  "pairId",
  "nonce",
  "cardName",
  "cardDescription",
  "category",
  "packCategory",
  "packId",
  "rarity",
  "condition",
  "grade",
  "valueCents",
  "now",
  "key",
  "priceCents",
  "debitCents",
  "rarityDistribution",
  "cardNames",
  "serverSeedHash",
  "clientSeed",
  "rolls",
  "oddsCommitment",
  "poolCommitment",
  "slabId",
  "offerCents",
  "offerExpiresAt",
  "description",
  "points",
] as const;
type RecordParam = (typeof RECORD_PARAMS)[number];

/**
 * What an opening does with the rewards row: `award` its points (a price of $1 or more),
 * `lock` it without points (under $1, but the pull may unlock an achievement that awards some
 * later: the row is taken before the wallet, the lock order), or `none`.
 */
type RewardsShape = "award" | "lock" | "none";

/**
 * {@link recordOpening}'s statement for one {@link RewardsShape}, built once
 * (docs/decisions/061-opening-record-built-once.md).
 */
const recordSql = (shape: RewardsShape) =>
  preparedSql(RECORD_PARAMS, (v) => {
    const now = sql`${v.now}::timestamptz`;
    const reference = sql`(SELECT 'pack_opening:' || id FROM opening)`;
    const rewardsCte =
      shape === "award"
        ? awardPointsSql({
            userId: v.userId,
            points: v.points,
            type: "pack_opening",
            description: v.description,
            reference,
          })
        : shape === "lock"
          ? lockRewardsSql(v.userId)
          : null;
    const movement = debitMovementSql({
      kind: "pack_purchase",
      reference,
      description: v.description,
      legs: [
        { account: { userId: v.userId }, amountCents: v.debitCents },
        { account: "platform", amountCents: v.priceCents },
      ],
    });
    return sql`
    WITH nonce AS (
      UPDATE fairness_seeds SET nonce = nonce + 1
      WHERE id = ${v.pairId}::int AND nonce = ${v.nonce}::int
      RETURNING id
    ), card AS (
      INSERT INTO user_cards (user_id, card_name, card_description, category, pack_category,
        pack_id, rarity, condition, grade, estimated_value_cents, pulled_at, slab_id)
      SELECT ${v.userId}, ${v.cardName}, ${v.cardDescription}, ${v.category},
        ${v.packCategory}, ${v.packId}::int, ${v.rarity}, ${v.condition},
        ${v.grade}::numeric, ${v.valueCents}::bigint, ${now}, ${v.slabId}::int
      FROM nonce
      RETURNING id
    ), opening AS (
      INSERT INTO pack_openings (user_id, pack_id, card_id, idempotency_key, price_paid_cents,
        rarity_distribution, card_names, seed_id, server_seed_hash, client_seed, nonce, rolls,
        odds_commitment, pool_commitment, created_at, slab_id)
      SELECT ${v.userId}, ${v.packId}::int, card.id, ${v.key}, ${v.priceCents}::bigint,
        ${v.rarityDistribution}::jsonb, ${v.cardNames}::jsonb,
        ${v.pairId}::int, ${v.serverSeedHash}, ${v.clientSeed}, ${v.nonce}::int,
        ${v.rolls}::jsonb, ${v.oddsCommitment}, ${v.poolCommitment},
        ${now}, ${v.slabId}::int
      FROM card
      RETURNING id
    ), offer AS (
      INSERT INTO buyback_offers (user_id, card_id, offer_amount_cents, expires_at, created_at)
      SELECT ${v.userId}, card.id, ${v.offerCents}::bigint,
        ${v.offerExpiresAt}::timestamptz, ${now}
      FROM card
      RETURNING id
    )${rewardsCte ? sql`, ${rewardsCte}` : sql``}, ${movement}
    SELECT card.id AS card_id, opening.id AS opening_id, offer.id AS offer_id,
      ${rewardsCte ? sql`(SELECT count(*) FROM reward_balance)` : sql`0`} AS rewarded,
      EXISTS (SELECT 1 FROM wallet) AS paid
    FROM card, opening, offer`;
  });

const recordStatements: Record<RewardsShape, PreparedSql<RecordParam>> = {
  award: recordSql("award"),
  lock: recordSql("lock"),
  none: recordSql("none"),
};

/**
 * Advances the pair's nonce and writes the card, the opening with its proof, the buyback
 * offer, the opening's reward `points` (if any; with none but an achievement possible, the
 * rewards row is locked all the same) and the price's ledger movement from the user's wallet
 * to the platform, in one statement (in that order: the rewards row is locked before the
 * wallet, as every transaction that touches both does). The opening names the
 * pack's odds and pool commitments as read: they are the ones in force, because the stock
 * trigger refuses at COMMIT a pack edited or whose pool was recomposed since
 * (docs/decisions/041-pool-commitment.md). The statement is built once per rewards shape
 * (docs/decisions/061-opening-record-built-once.md); the movement's legs and the points are
 * checked per call.
 * @returns the new rows' ids.
 * @throws DomainError `insufficient_balance` (402) when the wallet cannot pay the price.
 * @throws RangeError for a price that is not a positive whole number of cents or points that
 * are not a whole number (programming errors).
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
  checkDebitMovement({
    kind: "pack_purchase",
    legs: [
      { account: { userId: o.userId }, amountCents: -o.pack.priceCents },
      { account: "platform", amountCents: o.pack.priceCents },
    ],
  });
  const shape: RewardsShape = o.points > 0 ? "award" : o.mayUnlock ? "lock" : "none";
  if (shape === "award") checkAwardPoints(o.points);
  const [made] = await queryPrepared<
    { card_id: number; opening_id: number; offer_id: number; paid: boolean },
    RecordParam
  >(tx, recordStatements[shape], {
    userId: o.userId,
    pairId: o.pair.id,
    nonce: o.pair.nonce,
    cardName: o.card.name,
    cardDescription: o.card.description,
    category: o.card.category,
    packCategory: o.card.packCategory,
    packId: o.pack.id,
    rarity: o.card.rarity,
    condition: o.card.condition,
    grade: o.card.grade,
    valueCents: o.card.estimatedValueCents,
    now: o.now.toISOString(),
    key: o.key,
    priceCents: o.pack.priceCents,
    debitCents: -o.pack.priceCents,
    rarityDistribution: JSON.stringify(o.pack.rarityDistribution),
    cardNames: JSON.stringify(o.pack.cardNames),
    serverSeedHash: o.pair.serverSeedHash,
    clientSeed: o.pair.clientSeed,
    rolls: JSON.stringify(o.rolls),
    oddsCommitment: o.pack.oddsCommitment,
    poolCommitment: o.pack.poolCommitment,
    slabId: o.slabId,
    offerCents: o.offer.amountCents,
    offerExpiresAt: o.offer.expiresAt.toISOString(),
    description: `Opened ${o.pack.name}`,
    points: o.points,
  });
  // The pair is locked, so its nonce cannot have moved; this guards the statement's shape.
  if (!made) throw new Error(`the nonce of seed pair ${o.pair.id} moved during an opening`);
  if (!made.paid) throw insufficientBalance();
  return { cardId: made.card_id, openingId: made.opening_id, offerId: made.offer_id };
}
