import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { stampedNow, allowedValues } from "./columns";
import { GRADERS } from "~/lib/slabs";
import { cards } from "./inventory";
import { transactions } from "./market";

/**
 * A comparable sale ("comp", docs/product/value.md): one completed sale of a graded slab of
 * `card_id` at `grader` + `grade`, for `price_cents`, on `sold_at`, from `source` ("PackVault"
 * for a marketplace sale, which then names its `transaction_id`; "eBay", "Goldin"... for a sale
 * imported by staff, with its `url` and an `import_key` that makes a second import of the same
 * sale a no-op). Buybacks are not comps. Staff may exclude a comp (an outlier, a shill sale)
 * with a reason: it stays, shown apart, and stops counting.
 */
export const comps = pgTable(
  "comps",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    cardId: integer()
      .notNull()
      .references(() => cards.id, { onDelete: "restrict" }),
    grader: text({ enum: GRADERS }).notNull(),
    grade: numeric({ precision: 3, scale: 1, mode: "number" }).notNull(),
    priceCents: bigint({ mode: "number" }).notNull(),
    soldAt: timestamp({ withTimezone: true }).notNull(),
    source: text().notNull(),
    url: text(),
    /** The marketplace sale this comp is (source "PackVault"); null for an imported comp. */
    transactionId: integer().references(() => transactions.id, { onDelete: "set null" }),
    /** card|grader|grade|cents|day|source|url of an imported comp: the import's idempotency. */
    importKey: text(),
    excludedAt: timestamp({ withTimezone: true }),
    excludedReason: text(),
    excludedBy: profileRef("set null"),
    createdAt: stampedNow(),
  },
  (t) => [
    index("comps_card_grade_idx").on(t.cardId, t.grader, t.grade, t.soldAt),
    uniqueIndex("comps_transaction_key")
      .on(t.transactionId)
      .where(sql`${t.transactionId} IS NOT NULL`),
    uniqueIndex("comps_import_key")
      .on(t.importKey)
      .where(sql`${t.importKey} IS NOT NULL`),
    check("comps_price_positive", sql`${t.priceCents} > 0`),
    allowedValues("comps_grader_allowed", t.grader, GRADERS),
    check("comps_grade_range", sql`${t.grade} >= 1 AND ${t.grade} <= 10`),
    check("comps_one_origin", sql`${t.transactionId} IS NULL OR ${t.importKey} IS NULL`),
    check("comps_exclusion_reason", sql`(${t.excludedAt} IS NULL) = (${t.excludedReason} IS NULL)`),
  ],
);

/**
 * The current fair market value of a card at one grader + grade, as the estimator
 * (app/lib/value/estimate.ts) last computed it from the comps: the value in cents, its
 * confidence 0-100, how many comps it used, the date of the newest, and whether it came from
 * the grade's own comps (`direct`) or a neighbouring grade through the grade ratio
 * (`neighbour`). No row: no estimate.
 */
export const cardValues = pgTable(
  "card_values",
  {
    cardId: integer()
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    grader: text({ enum: GRADERS }).notNull(),
    grade: numeric({ precision: 3, scale: 1, mode: "number" }).notNull(),
    fmvCents: bigint({ mode: "number" }).notNull(),
    confidence: integer().notNull(),
    compCount: integer().notNull(),
    lastCompAt: timestamp({ withTimezone: true }).notNull(),
    basis: text({ enum: ["direct", "neighbour"] }).notNull(),
    computedAt: stampedNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.grader, t.grade] }),
    check("card_values_fmv_positive", sql`${t.fmvCents} > 0`),
    check("card_values_confidence_range", sql`${t.confidence} BETWEEN 0 AND 100`),
    check("card_values_basis_allowed", sql`${t.basis} IN ('direct', 'neighbour')`),
  ],
);

/**
 * A collector's portfolio on one UTC day (docs/product/value.md "Portfolio"): the FMV of the
 * slabs in their vault and what they paid for them, written by the daily snapshot job (one row
 * per collector and day; a second run the same day overwrites it).
 */
export const portfolioSnapshots = pgTable(
  "portfolio_snapshots",
  {
    userId: profileRef("cascade").notNull(),
    day: date({ mode: "string" }).notNull(),
    valueCents: bigint({ mode: "number" }).notNull(),
    costCents: bigint({ mode: "number" }).notNull(),
    cards: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check("portfolio_snapshots_non_negative", sql`${t.valueCents} >= 0 AND ${t.costCents} >= 0`),
  ],
);
