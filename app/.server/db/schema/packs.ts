import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { identityKey, stampedNow } from "./columns";
import type { DrawRolls } from "~/lib/fairness";
import type { PackCardNames, RarityDistribution } from "~/lib/packs";

/**
 * Odds commitments (docs/decisions/016-odds-commitment.md): the canonical text of a pack's draw
 * rules (app/lib/odds-commitment.ts), keyed by its SHA-256. Content-addressed and never
 * deleted, so every commitment a pack or an opening ever named stays resolvable.
 */
export const oddsCommitments = pgTable(
  "odds_commitments",
  {
    /** SHA-256 of `canonical_text` (UTF-8), lowercase hex. */
    commitment: text().primaryKey(),
    canonicalText: text().notNull(),
    /** When it was first recorded (first published). */
    createdAt: stampedNow(),
  },
  (t) => [check("odds_commitments_hex", sql`${t.commitment} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * docs/product/packs-and-fairness.md, pack. `rarity_distribution` holds the four percentages
 * (they sum to 100, checked here and in the domain); `card_names` the names each rarity can
 * yield. Price is capped at $100,000 so a draw's arithmetic stays exact.
 */
export const packs = pgTable(
  "packs",
  {
    id: identityKey(),
    name: text().notNull(),
    description: text(),
    category: text().notNull(),
    priceCents: bigint({ mode: "number" }).notNull(),
    availableCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    imageUrl: text(),
    rarityDistribution: jsonb().$type<RarityDistribution>().notNull(),
    cardNames: jsonb().$type<PackCardNames>().notNull(),
    /**
     * The odds commitment in force: the hash of the canonical text of this row's price, odds
     * and names with the draw's constants, written with them (app/.server/packs/odds.ts).
     */
    oddsCommitment: text().notNull(),
    /**
     * The pool commitment in force (docs/decisions/041-pool-commitment.md): the hash of the
     * canonical list of the slabs in the pack's pool, recorded in pool_commitments each time an
     * admin composes the pool (app/.server/policy/pool-commitment.ts); '' for a pack never
     * given a pool. Pulls shrink the pool without a new commitment.
     */
    poolCommitment: text().notNull().default(""),
    /**
     * The key of the admin's create form that made it (unique when set): a doubled or retried
     * submission makes one pack. Null for packs made otherwise (seeds).
     */
    idempotencyKey: text().unique(),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    index("packs_active_price_idx").on(t.isActive, t.priceCents),
    check("packs_price_range", sql`${t.priceCents} > 0 AND ${t.priceCents} <= 10000000`),
    check("packs_available_non_negative", sql`${t.availableCount} >= 0`),
    check(
      "packs_distribution_sums_to_100",
      sql`(${t.rarityDistribution}->>'common')::numeric + (${t.rarityDistribution}->>'uncommon')::numeric
        + (${t.rarityDistribution}->>'rare')::numeric + (${t.rarityDistribution}->>'legendary')::numeric = 100`,
    ),
  ],
);

/**
 * A user's provably fair seed pair (docs/product/packs-and-fairness.md). The active pair's server seed is secret
 * (only its SHA-256 is shown) until the user rotates, which reveals it and starts a new pair.
 * `nonce` is the next opening's nonce; an opening takes it under a row lock, so a user's
 * openings never share one.
 */
export const fairnessSeeds = pgTable(
  "fairness_seeds",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull().unique(),
    clientSeed: text().notNull(),
    nonce: integer().notNull().default(0),
    createdAt: stampedNow(),
    /** Set when the pair is rotated out: from then on the server seed may be shown. */
    revealedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("fairness_seeds_one_active_key")
      .on(t.userId)
      .where(sql`${t.revealedAt} IS NULL`),
    check("fairness_seeds_nonce_non_negative", sql`${t.nonce} >= 0`),
  ],
);

/**
 * docs/product/packs-and-fairness.md, pack_opening, with what proves it fair: the seed pair, nonce and the numbers
 * derived from the roll bytes, and the pack's price and odds as they were. `idempotency_key`
 * (per user) makes a retried request return the same pull instead of buying another.
 */
export const packOpenings = pgTable(
  "pack_openings",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    packId: integer()
      .notNull()
      .references(() => packs.id, { onDelete: "restrict" }),
    /** user_cards.id (no foreign key: the two reference each other; both written together). */
    cardId: integer().notNull().unique(),
    idempotencyKey: text().notNull(),
    pricePaidCents: bigint({ mode: "number" }).notNull(),
    rarityDistribution: jsonb().$type<RarityDistribution>().notNull(),
    cardNames: jsonb().$type<PackCardNames>().notNull(),
    seedId: integer()
      .notNull()
      .references(() => fairnessSeeds.id, { onDelete: "cascade" }),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    nonce: integer().notNull(),
    rolls: jsonb().$type<DrawRolls>().notNull(),
    /** The pack's odds commitment when it was opened (its text is in odds_commitments). */
    oddsCommitment: text().notNull(),
    /**
     * The pack's pool commitment when it was opened (its text is in pool_commitments; '' for
     * openings before pools were committed). The stock trigger refuses at COMMIT an opening
     * whose pack's pool was recomposed since it was read, so this is the one in force.
     */
    poolCommitment: text().notNull().default(""),
    /**
     * The slab pulled from the pack's pool (slabs.id; no foreign key, for the migration order of
     * the two files: both are written together); null for openings before pools existed. A
     * slab bought back and pooled again can be pulled by a later opening.
     */
    slabId: integer(),
    createdAt: stampedNow(),
  },
  (t) => [
    unique("pack_openings_user_key").on(t.userId, t.idempotencyKey),
    unique("pack_openings_seed_nonce_key").on(t.seedId, t.nonce),
    index("pack_openings_user_time_idx").on(t.userId, t.id.desc()),
    // The pack's draw log and odds page read its openings in id order.
    index("pack_openings_pack_idx").on(t.packId, t.id),
    index("pack_openings_slab_idx").on(t.slabId),
  ],
);
