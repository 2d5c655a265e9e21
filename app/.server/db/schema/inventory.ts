import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { identityKey, stampedNow, allowedValues } from "./columns";
import { CARD_RARITIES } from "~/lib/domain/rarity";
import { GRADERS, SLAB_STATES } from "~/lib/slabs";
import { submissionRequests } from "./market";
import { packs } from "./packs";

/**
 * The card catalogue (docs/design.md "Inventory (real slabs)"): the identity a price belongs to.
 * `category` is a pack category (app/lib/packs.ts); `variant` is '' when the card has none
 * ("1st Edition", "Holo", "Refractor" otherwise), so the identity is unique without nulls.
 */
export const cards = pgTable(
  "cards",
  {
    id: identityKey(),
    category: text().notNull(),
    setName: text().notNull(),
    number: text().notNull(),
    name: text().notNull(),
    variant: text().notNull().default(""),
    year: integer().notNull(),
    imageUrl: text(),
    createdAt: stampedNow(),
  },
  (t) => [
    unique("cards_identity_key").on(t.category, t.setName, t.number, t.name, t.variant),
    index("cards_name_idx").on(t.name),
    check("cards_year_range", sql`${t.year} BETWEEN 1800 AND 2100`),
  ],
);

/**
 * One physical graded slab in the vault (docs/design.md "Inventory (real slabs)"): its card, grader,
 * cert (unique per grader), grade on the grader's scale, photos, fair market value, what the
 * house paid and when, the bin it sits in, and ONE custody state (app/lib/slabs.ts). While
 * `in_pool`, `pack_id` and `pool_tier` say which pack's pool and tier it is in (and only then).
 * Owned, shipping out or redeemed, the live `user_cards` row that references it is its owner's
 * (at most one: a partial unique index there). Every state change is recorded in
 * `slab_events` by a trigger (migration 0022).
 */
export const slabs = pgTable(
  "slabs",
  {
    id: identityKey(),
    cardId: integer()
      .notNull()
      .references(() => cards.id, { onDelete: "restrict" }),
    grader: text({ enum: GRADERS }).notNull(),
    cert: text().notNull(),
    grade: numeric({ precision: 3, scale: 1, mode: "number" }).notNull(),
    frontImageUrl: text(),
    backImageUrl: text(),
    fmvCents: bigint({ mode: "number" }).notNull(),
    /**
     * Set when staff pinned the FMV (audited): the estimator's recomputes leave it alone
     * (docs/product/value.md "Slabs follow the estimate").
     */
    fmvPinnedAt: timestamp({ withTimezone: true }),
    costCents: bigint({ mode: "number" }).notNull(),
    acquiredOn: date({ mode: "string" }).notNull(),
    bin: text().notNull(),
    state: text({ enum: SLAB_STATES }).notNull().default("intake"),
    packId: integer().references(() => packs.id, { onDelete: "restrict" }),
    poolTier: text({ enum: CARD_RARITIES }),
    writeOffReason: text(),
    /** The sell-to-shop submission the shop bought this slab through; null for other intake. */
    submissionId: integer()
      .unique("slabs_submission_key")
      .references(() => submissionRequests.id, { onDelete: "set null" }),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    unique("slabs_grader_cert_key").on(t.grader, t.cert),
    index("slabs_card_idx").on(t.cardId),
    index("slabs_state_idx").on(t.state),
    // A pack's pool, tier by tier, in the canonical order the draw indexes (docs/decisions/037).
    index("slabs_pool_idx")
      .on(t.packId, t.poolTier, t.id)
      .where(sql`${t.state} = 'in_pool'`),
    allowedValues("slabs_grader_allowed", t.grader, GRADERS),
    check("slabs_cert_digits", sql`${t.cert} ~ '^[0-9]{6,10}$'`),
    check(
      "slabs_grade_on_scale",
      sql`${t.grade} >= 1 AND ${t.grade} <= 10
        AND (${t.grade} * 2) = floor(${t.grade} * 2)
        AND (${t.grader} <> 'PSA' OR ${t.grade} = floor(${t.grade}))`,
    ),
    check("slabs_money_non_negative", sql`${t.fmvCents} >= 0 AND ${t.costCents} >= 0`),
    allowedValues("slabs_state_allowed", t.state, SLAB_STATES),
    check(
      "slabs_pool_only_in_pool",
      sql`(${t.state} = 'in_pool') = (${t.packId} IS NOT NULL)
        AND (${t.packId} IS NULL) = (${t.poolTier} IS NULL)`,
    ),
    check(
      "slabs_write_off_reason",
      sql`(${t.state} = 'written_off') = (${t.writeOffReason} IS NOT NULL)`,
    ),
  ],
);

/**
 * A slab's custody history, append-only (a trigger refuses UPDATE and DELETE): one row when it
 * is taken in and one per state change, written by a trigger on `slabs` in the transaction that
 * changed it, with the pack whose pool it entered or left and the write-off reason.
 */
export const slabEvents = pgTable(
  "slab_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    slabId: integer()
      .notNull()
      .references(() => slabs.id, { onDelete: "restrict" }),
    /** Null for the intake row. */
    fromState: text({ enum: SLAB_STATES }),
    toState: text({ enum: SLAB_STATES }).notNull(),
    packId: integer(),
    reason: text(),
    at: stampedNow(),
  },
  (t) => [index("slab_events_slab_idx").on(t.slabId, t.id)],
);

/**
 * Pool commitments (docs/decisions/041-pool-commitment.md): the canonical list of a pack's pool
 * as an admin composed it (app/lib/pool-commitment.ts), keyed by its SHA-256. Content-addressed,
 * append-only (a trigger refuses UPDATE and DELETE) and never deleted, so every commitment a
 * pack or an opening named stays resolvable. `pack_id` has no foreign key: a pack deleted
 * before its first opening leaves its commitments behind, as published facts.
 */
export const poolCommitments = pgTable(
  "pool_commitments",
  {
    /** SHA-256 of `canonical_text` (UTF-8), lowercase hex. */
    commitment: text().primaryKey(),
    packId: integer().notNull(),
    canonicalText: text().notNull(),
    /** How many slabs the committed pool holds. */
    slabCount: integer().notNull(),
    /** When it was first recorded (first published). */
    createdAt: stampedNow(),
  },
  (t) => [
    index("pool_commitments_pack_idx").on(t.packId, t.createdAt),
    check("pool_commitments_hex", sql`${t.commitment} ~ '^[0-9a-f]{64}$'`),
  ],
);
