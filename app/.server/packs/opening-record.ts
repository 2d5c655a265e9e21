import { sql, type SQL } from "drizzle-orm";

import type { Ctx } from "../context";
import { preparedSql, queryPrepared, type PreparedSql, type SqlValue } from "../db/prepared";
import type { packs } from "../db/schema";
import {
  awardPointsEachSql,
  awardPointsSql,
  checkAwardPoints,
  lockRewardsEachSql,
  lockRewardsSql,
} from "../rewards/ledger";
import {
  checkDebitMovement,
  debitEachSql,
  debitMovementSql,
  insufficientBalance,
} from "../wallet/ledger";

import type { SeedPair } from "./fairness";
import {
  claimedSlabOf,
  claimSlabSql,
  claimTargetsSql,
  type ClaimedSlab,
  type ClaimRow,
} from "./slab-claim";
import type { TierTarget } from "./tier-lists";

import type { CardRarity } from "~/lib/domain/rarity";
import type { Cents } from "~/lib/money";
import { BUYBACK_RATE_BP } from "~/lib/rates";

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

/** The parameters both record statements take once per pack (and per batch). */
const PACK_PARAMS = [
  "packId",
  "category",
  "packCategory",
  "condition",
  "now",
  "priceCents",
  "rarityDistribution",
  "cardNames",
  "oddsCommitment",
  "poolCommitment",
  "buybackRateBp",
  "offerExpiresAt",
  "description",
  "points",
] as const;

/** The values of {@link PACK_PARAMS} for pulls of `pack` recorded at `now`. */
function packParamsOf(o: {
  pack: OpeningPack;
  card: { category: string; packCategory: string; condition: string };
  offerExpiresAt: Date;
  points: number;
  now: Date;
}): Record<(typeof PACK_PARAMS)[number], unknown> {
  return {
    packId: o.pack.id,
    category: o.card.category,
    packCategory: o.card.packCategory,
    condition: o.card.condition,
    now: o.now.toISOString(),
    priceCents: o.pack.priceCents,
    rarityDistribution: JSON.stringify(o.pack.rarityDistribution),
    cardNames: JSON.stringify(o.pack.cardNames),
    oddsCommitment: o.pack.oddsCommitment,
    poolCommitment: o.pack.poolCommitment,
    buybackRateBp: BUYBACK_RATE_BP,
    offerExpiresAt: o.offerExpiresAt.toISOString(),
    description: `Opened ${o.pack.name}`,
    points: o.points,
  };
}

const RECORD_PARAMS = [
  "userId",
  "pairId",
  "nonce",
  "rarity",
  "rarityRoll",
  "slabWord",
  "targetId",
  "targetIndex",
  "tierSize",
  "key",
  "debitCents",
  "serverSeedHash",
  "clientSeed",
  ...PACK_PARAMS,
] as const;
type RecordParam = (typeof RECORD_PARAMS)[number];

/**
 * What an opening does with the rewards row: `award` its points (a price of $1 or more),
 * `lock` it without points (under $1, but the pull may unlock an achievement that awards some
 * later: the row is taken before the wallet, the lock order), or `none`.
 */
type RewardsShape = "award" | "lock" | "none";

/**
 * The buyback offer of a slab of FMV `fmvCents`: `rateBp` of it rounded half up to the cent, as
 * applyBasisPoints (~/lib/money) does it (FMVs are never negative: slabs_money_non_negative).
 */
const offerCentsSql = (fmvCents: SQL, rateBp: SqlValue<number>) =>
  sql`(2 * ${fmvCents} * ${rateBp}::bigint + 10000) / 20000`;

/**
 * How the claim finds its target: `counted` by the statement itself, or `listed` by the caller
 * (a batch's `TierLists`, docs/decisions/065-pack-openings-committed-in-batches.md).
 */
type ClaimShape = "counted" | "listed";

/**
 * {@link recordOpening}'s statement for one {@link RewardsShape} and {@link ClaimShape}, built
 * once (docs/decisions/061-opening-record-built-once.md).
 */
const recordSql = (shape: RewardsShape, claim: ClaimShape) =>
  preparedSql(RECORD_PARAMS, (v) => {
    const now = sql`${v.now}::timestamptz`;
    const reference = sql`(SELECT 'pack_opening:' || id FROM opening)`;
    // Without a slab nothing is written: the opening is refused, and pays nothing.
    const claimedSome = sql`EXISTS (SELECT 1 FROM claimed)`;
    const rewardsCte =
      shape === "award"
        ? awardPointsSql(
            {
              userId: v.userId,
              points: v.points,
              type: "pack_opening",
              description: v.description,
              reference,
            },
            claimedSome,
          )
        : shape === "lock"
          ? lockRewardsSql(v.userId, claimedSome)
          : null;
    const movement = debitMovementSql({
      kind: "pack_purchase",
      reference,
      description: v.description,
      legs: [
        { account: { userId: v.userId }, amountCents: v.debitCents },
        { account: "platform", amountCents: v.priceCents },
      ],
      when: claimedSome,
    });
    const offerCents = offerCentsSql(sql`claimed.fmv_cents`, v.buybackRateBp);
    return sql`
    WITH ${claimSlabSql(
      claim === "counted"
        ? { packId: v.packId, tier: v.rarity, now: v.now, slabWord: v.slabWord }
        : {
            packId: v.packId,
            tier: v.rarity,
            now: v.now,
            listed: { id: v.targetId, index: v.targetIndex, size: v.tierSize },
          },
    )},
    nonce AS (
      UPDATE fairness_seeds SET nonce = nonce + 1
      WHERE id = ${v.pairId}::int AND nonce = ${v.nonce}::int AND ${claimedSome}
      RETURNING id
    ), card AS (
      INSERT INTO user_cards (user_id, card_name, card_description, category, pack_category,
        pack_id, rarity, condition, grade, estimated_value_cents, pulled_at, slab_id)
      SELECT ${v.userId}, claimed.name, claimed.description, ${v.category},
        ${v.packCategory}, ${v.packId}::int, ${v.rarity}, ${v.condition},
        claimed.grade, claimed.fmv_cents, ${now}, claimed.id
      FROM nonce, claimed
      RETURNING id
    ), opening AS (
      INSERT INTO pack_openings (user_id, pack_id, card_id, idempotency_key, price_paid_cents,
        rarity_distribution, card_names, seed_id, server_seed_hash, client_seed, nonce, rolls,
        odds_commitment, pool_commitment, created_at, slab_id)
      SELECT ${v.userId}, ${v.packId}::int, card.id, ${v.key}, ${v.priceCents}::bigint,
        ${v.rarityDistribution}::jsonb, ${v.cardNames}::jsonb,
        ${v.pairId}::int, ${v.serverSeedHash}, ${v.clientSeed}, ${v.nonce}::int,
        jsonb_build_object('rarityRoll', ${v.rarityRoll}::int, 'slabIndex', claimed.slab_index,
          'tierSize', claimed.tier_size, 'shifted', claimed.shifted),
        ${v.oddsCommitment}, ${v.poolCommitment}, ${now}, claimed.id
      FROM card, claimed
      RETURNING id
    ), offer AS (
      INSERT INTO buyback_offers (user_id, card_id, offer_amount_cents, expires_at, created_at)
      SELECT ${v.userId}, card.id, ${offerCents}, ${v.offerExpiresAt}::timestamptz, ${now}
      FROM card, claimed
      RETURNING id, offer_amount_cents
    )${rewardsCte ? sql`, ${rewardsCte}` : sql``}, ${movement}
    SELECT claimed.*, card.id AS user_card_id, opening.id AS opening_id, offer.id AS offer_id,
      offer.offer_amount_cents,
      ${rewardsCte ? sql`(SELECT count(*) FROM reward_balance)` : sql`0`} AS rewarded,
      EXISTS (SELECT 1 FROM wallet) AS paid
    FROM claimed LEFT JOIN card ON true LEFT JOIN opening ON true LEFT JOIN offer ON true`;
  });

const recordStatements: Record<ClaimShape, Record<RewardsShape, PreparedSql<RecordParam>>> = {
  counted: {
    award: recordSql("award", "counted"),
    lock: recordSql("lock", "counted"),
    none: recordSql("none", "counted"),
  },
  listed: {
    award: recordSql("award", "listed"),
    lock: recordSql("lock", "listed"),
    none: recordSql("none", "listed"),
  },
};

type RecordRow = ClaimRow & {
  user_card_id: number | null;
  opening_id: number;
  offer_id: number;
  offer_amount_cents: string;
  paid: boolean;
};

/** A recorded pull: its slab, the card's description, the offer's amount and the new rows' ids. */
export type RecordedOpening = {
  slab: ClaimedSlab;
  description: string;
  offerCents: Cents;
  cardId: number;
  openingId: number;
  offerId: number;
};

/**
 * The pull a record statement's row describes.
 * @throws DomainError `insufficient_balance` (402) when its wallet could not pay.
 * @throws Error when the pair's nonce moved (the pair is locked: a broken statement).
 */
function recordedOf(made: RecordRow, pairId: number): RecordedOpening {
  // The pair is locked, so its nonce cannot have moved; this guards the statement's shape.
  if (made.user_card_id === null) {
    throw new Error(`the nonce of seed pair ${pairId} moved during an opening`);
  }
  if (!made.paid) throw insufficientBalance();
  return {
    slab: claimedSlabOf(made),
    description: made.description,
    offerCents: Number(made.offer_amount_cents),
    cardId: made.user_card_id,
    openingId: made.opening_id,
    offerId: made.offer_id,
  };
}

/**
 * Claims the opening's slab and records its pull in ONE statement
 * (docs/decisions/061-opening-record-built-once.md): claims the slab the `draw` picks in its
 * tier of the pack's pool ({@link claimSlabSql}, docs/decisions/037-slab-within-a-tier.md;
 * from the `listed` target when a batch listed the tier, decision 065), then
 * advances the pair's nonce and writes the card (the slab's card, grade and FMV), the opening
 * with its proof (the rolls `{ rarityRoll, slabIndex, tierSize, shifted }`), the buyback offer
 * (`BUYBACK_RATE_BP` of the FMV, expiring at `offerExpiresAt`), the opening's reward `points`
 * (if any; with none but an achievement possible, the rewards row is locked all the same) and
 * the price's ledger movement from the user's wallet to the platform (in that order: the slab,
 * then the rewards row before the wallet, as every transaction that touches both does). The
 * opening names the pack's odds and pool commitments as read: they are the ones in force,
 * because the stock trigger refuses at COMMIT a pack edited or whose pool was recomposed since
 * (docs/decisions/041-pool-commitment.md). The statement is built once per rewards shape; the
 * movement's legs and the points are checked per call.
 * @returns null when the drawn tier has no free slab (nothing written); else the slab, the
 * card's description, the offer's amount and the new rows' ids.
 * @throws DomainError `insufficient_balance` (402) when the wallet cannot pay the price (the
 * caller's transaction must roll back: the slab is claimed).
 * @throws RangeError for a price that is not a positive whole number of cents or points that
 * are not a whole number (programming errors).
 */
export async function recordOpening(
  tx: Tx,
  o: {
    userId: string;
    pair: OpeningSeedPair;
    pack: OpeningPack;
    /** The draw's tier, its rarity roll and the 32-bit word that picks the slab in the tier. */
    draw: { rarity: CardRarity; rarityRoll: number; slabWord: number };
    /** Where the claim starts when the caller listed the tier (a batch); else the statement counts. */
    listed?: TierTarget;
    card: { category: string; packCategory: string; condition: string };
    offerExpiresAt: Date;
    points: number;
    /** Whether the pull may unlock an achievement (which awards points after this statement). */
    mayUnlock: boolean;
    now: Date;
    key: string;
  },
): Promise<RecordedOpening | null> {
  checkDebitMovement({
    kind: "pack_purchase",
    legs: [
      { account: { userId: o.userId }, amountCents: -o.pack.priceCents },
      { account: "platform", amountCents: o.pack.priceCents },
    ],
  });
  const shape: RewardsShape = o.points > 0 ? "award" : o.mayUnlock ? "lock" : "none";
  if (shape === "award") checkAwardPoints(o.points);
  const statement = recordStatements[o.listed ? "listed" : "counted"][shape];
  const [made] = await queryPrepared<RecordRow, RecordParam>(tx, statement, {
    userId: o.userId,
    pairId: o.pair.id,
    nonce: o.pair.nonce,
    rarity: o.draw.rarity,
    rarityRoll: o.draw.rarityRoll,
    slabWord: o.draw.slabWord,
    targetId: o.listed?.id ?? null,
    targetIndex: o.listed?.index ?? null,
    tierSize: o.listed?.size ?? null,
    key: o.key,
    debitCents: -o.pack.priceCents,
    serverSeedHash: o.pair.serverSeedHash,
    clientSeed: o.pair.clientSeed,
    ...packParamsOf(o),
  });
  // The drawn tier has no slab left (or every one left is being pulled right now).
  if (!made) return null;
  return recordedOf(made, o.pair.id);
}

const BATCH_RECORD_PARAMS = [
  "userIds",
  "pairIds",
  "nonces",
  "rarities",
  "rarityRolls",
  "targetIds",
  "targetIndexes",
  "tierSizes",
  "keys",
  "serverSeedHashes",
  "clientSeeds",
  "mayUnlock",
  ...PACK_PARAMS,
] as const;
type BatchRecordParam = (typeof BATCH_RECORD_PARAMS)[number];

/**
 * {@link recordOpenings}' statement, built once per rewards shape: `award` the points of each
 * opening (a price of $1 or more), or `lock` the rewards rows of the openers whose pull may
 * unlock an achievement (under $1).
 */
const batchRecordSql = (shape: "award" | "lock") =>
  preparedSql(BATCH_RECORD_PARAMS, (v) => {
    const now = sql`${v.now}::timestamptz`;
    const rewardsCte =
      shape === "award"
        ? awardPointsEachSql({
            to: sql`opening`,
            points: v.points,
            type: "pack_opening",
            description: v.description,
          })
        : lockRewardsEachSql(sql`(SELECT user_id FROM opening JOIN o USING (user_id)
            WHERE o.may_unlock)`);
    const offerCents = offerCentsSql(sql`c.fmv_cents`, v.buybackRateBp);
    return sql`
    WITH o AS (
      SELECT * FROM unnest(${v.userIds}::text[], ${v.pairIds}::int[], ${v.nonces}::int[],
        ${v.rarities}::text[], ${v.rarityRolls}::int[], ${v.targetIds}::int[],
        ${v.targetIndexes}::int[], ${v.tierSizes}::int[], ${v.keys}::text[],
        ${v.serverSeedHashes}::text[], ${v.clientSeeds}::text[], ${v.mayUnlock}::boolean[])
        AS o (user_id, pair_id, nonce, rarity, rarity_roll, target_id, target_index, tier_size,
          key, server_seed_hash, client_seed, may_unlock)
    ), ${claimTargetsSql({
      packId: v.packId,
      now: v.now,
      openings: sql`o`,
      targetIds: v.targetIds,
    })},
    nonce AS (
      UPDATE fairness_seeds f SET nonce = f.nonce + 1
      FROM claimed c JOIN o USING (user_id)
      WHERE f.id = o.pair_id AND f.nonce = o.nonce
      RETURNING c.user_id
    ), card AS (
      INSERT INTO user_cards (user_id, card_name, card_description, category, pack_category,
        pack_id, rarity, condition, grade, estimated_value_cents, pulled_at, slab_id)
      SELECT c.user_id, c.name, c.description, ${v.category}, ${v.packCategory},
        ${v.packId}::int, o.rarity, ${v.condition}, c.grade, c.fmv_cents, ${now}, c.id
      FROM nonce JOIN claimed c USING (user_id) JOIN o USING (user_id)
      ORDER BY c.user_id
      RETURNING id, user_id
    ), opening AS (
      INSERT INTO pack_openings (user_id, pack_id, card_id, idempotency_key, price_paid_cents,
        rarity_distribution, card_names, seed_id, server_seed_hash, client_seed, nonce, rolls,
        odds_commitment, pool_commitment, created_at, slab_id)
      SELECT card.user_id, ${v.packId}::int, card.id, o.key, ${v.priceCents}::bigint,
        ${v.rarityDistribution}::jsonb, ${v.cardNames}::jsonb, o.pair_id, o.server_seed_hash,
        o.client_seed, o.nonce,
        jsonb_build_object('rarityRoll', o.rarity_roll, 'slabIndex', c.slab_index,
          'tierSize', c.tier_size, 'shifted', c.shifted),
        ${v.oddsCommitment}, ${v.poolCommitment}, ${now}, c.id
      FROM card JOIN claimed c USING (user_id) JOIN o USING (user_id)
      ORDER BY card.user_id
      RETURNING id, user_id, 'pack_opening:' || id AS reference
    ), offer AS (
      INSERT INTO buyback_offers (user_id, card_id, offer_amount_cents, expires_at, created_at)
      SELECT card.user_id, card.id, ${offerCents}, ${v.offerExpiresAt}::timestamptz, ${now}
      FROM card JOIN claimed c USING (user_id)
      ORDER BY card.user_id
      RETURNING id, user_id, offer_amount_cents
    ), ${rewardsCte}, ${debitEachSql({
      kind: "pack_purchase",
      payers: sql`opening`,
      amountCents: v.priceCents,
      to: "platform",
      description: v.description,
    })}
    SELECT c.*, card.id AS user_card_id, opening.id AS opening_id, offer.id AS offer_id,
      offer.offer_amount_cents, (SELECT count(*) FROM reward_balance) AS rewarded,
      c.user_id IN (SELECT user_id FROM wallet) AS paid
    FROM claimed c LEFT JOIN card USING (user_id) LEFT JOIN opening USING (user_id)
      LEFT JOIN offer USING (user_id)`;
  });

const batchRecordStatements = { award: batchRecordSql("award"), lock: batchRecordSql("lock") };

/** One opening of {@link recordOpenings}: who, with which seed pair, and what it drew. */
export type BatchedOpening = {
  userId: string;
  pair: OpeningSeedPair;
  draw: { rarity: CardRarity; rarityRoll: number };
  /** The slab its draw targets on the batch's list of its tier. */
  target: TierTarget;
  /** Whether the pull may unlock an achievement (which awards points after this statement). */
  mayUnlock: boolean;
  key: string;
};

/**
 * Records a batch's `openings` of one pack in ONE statement
 * (docs/decisions/066-a-batch-recorded-in-one-statement.md): for each opening (each user at most
 * once) whose target slab is still in its tier of the pool and held by no other transaction, the
 * writes of {@link recordOpening} from that slab (never shifted): the slab claimed, the nonce
 * advanced, the card, the opening with its proof, the buyback offer, the rewards (each opening's
 * `points`, or with none the rewards rows of the openers who `mayUnlock` locked) and the price's
 * ledger movement; in one lock order (slabs, then rewards rows, then wallets, each in ascending
 * id). One clock (`now`), pack and price for all: they share a transaction.
 * @returns the pulls recorded, by user id; an opening whose target another transaction holds or
 * took is not in it and wrote nothing (its caller claims for it with {@link recordOpening}).
 * @throws DomainError `insufficient_balance` (402) when a wallet could not pay (the caller's
 * transaction must roll back: slabs are claimed).
 * @throws RangeError for a price that is not a positive whole number of cents or points that
 * are not a whole number (programming errors).
 */
export async function recordOpenings(
  tx: Tx,
  o: {
    pack: OpeningPack;
    openings: readonly BatchedOpening[];
    card: { category: string; packCategory: string; condition: string };
    offerExpiresAt: Date;
    points: number;
    now: Date;
  },
): Promise<Map<string, RecordedOpening>> {
  const first = o.openings[0];
  if (!first) return new Map();
  checkDebitMovement({
    kind: "pack_purchase",
    legs: [
      { account: { userId: first.userId }, amountCents: -o.pack.priceCents },
      { account: "platform", amountCents: o.pack.priceCents },
    ],
  });
  if (o.points > 0) checkAwardPoints(o.points);
  const column = <T>(of: (opening: BatchedOpening) => T) => o.openings.map(of);
  const rows = await queryPrepared<RecordRow & { user_id: string }, BatchRecordParam>(
    tx,
    batchRecordStatements[o.points > 0 ? "award" : "lock"],
    {
      userIds: column((opening) => opening.userId),
      pairIds: column((opening) => opening.pair.id),
      nonces: column((opening) => opening.pair.nonce),
      rarities: column((opening) => opening.draw.rarity),
      rarityRolls: column((opening) => opening.draw.rarityRoll),
      targetIds: column((opening) => opening.target.id),
      targetIndexes: column((opening) => opening.target.index),
      tierSizes: column((opening) => opening.target.size),
      keys: column((opening) => opening.key),
      serverSeedHashes: column((opening) => opening.pair.serverSeedHash),
      clientSeeds: column((opening) => opening.pair.clientSeed),
      mayUnlock: column((opening) => opening.mayUnlock),
      ...packParamsOf(o),
    },
  );
  const pairOf = new Map(o.openings.map((opening) => [opening.userId, opening.pair.id]));
  return new Map(rows.map((row) => [row.user_id, recordedOf(row, pairOf.get(row.user_id)!)]));
}
