import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { identityKey, stampedNow, allowedValues } from "./columns";
import type { CycleCountReport } from "~/lib/cycle-count";
import { GRADERS } from "~/lib/slabs";
import { RESERVE_STATES, type StateTotals } from "~/lib/reserves";
import { slabs } from "./inventory";

/**
 * A proof-of-reserves snapshot (docs/decisions/043-proof-of-reserves.md): the Merkle root over
 * every slab in custody at `created_at`, how many leaves, and the count and FMV total (cents)
 * per custody state. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration
 * 0024). `id` is taken from its sequence before the leaves are written, in the same transaction.
 */
export const reserveSnapshots = pgTable(
  "reserve_snapshots",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    root: text().notNull(),
    leafCount: integer().notNull(),
    totals: jsonb().$type<StateTotals>().notNull(),
    /** 'schedule' (the daily job) or 'staff' (the admin's button). */
    trigger: text({ enum: ["schedule", "staff"] }).notNull(),
    createdAt: stampedNow(),
  },
  (t) => [
    index("reserve_snapshots_time_idx").on(t.createdAt.desc()),
    check("reserve_snapshots_root_hex", sql`${t.root} ~ '^[0-9a-f]{64}$'`),
    check("reserve_snapshots_leaf_count", sql`${t.leafCount} > 0`),
    check("reserve_snapshots_trigger", sql`${t.trigger} IN ('schedule', 'staff')`),
  ],
);

/**
 * One leaf of a snapshot: the slab's fields as they were committed to, its salt and its hash.
 * The tree's leaf order is `leaf_hash` in byte order (COLLATE "C"), so a proof's position says
 * nothing about the slab. Append-only like its snapshot; the snapshot foreign key is deferred
 * (migration 0024) so the leaves can be written before the root is known.
 */
export const reserveLeaves = pgTable(
  "reserve_leaves",
  {
    snapshotId: integer().notNull(),
    slabId: integer()
      .notNull()
      .references(() => slabs.id, { onDelete: "restrict" }),
    grader: text({ enum: GRADERS }).notNull(),
    cert: text().notNull(),
    grade: numeric({ precision: 3, scale: 1, mode: "number" }).notNull(),
    state: text({ enum: RESERVE_STATES }).notNull(),
    fmvCents: bigint({ mode: "number" }).notNull(),
    /** The owner's draw-log tag (app/.server/packs/draw-log.ts) or 'house'. */
    owner: text().notNull(),
    salt: text().notNull(),
    leafHash: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.slabId] }),
    index("reserve_leaves_order_idx").on(t.snapshotId, sql`${t.leafHash} COLLATE "C"`),
    check("reserve_leaves_hash_hex", sql`${t.leafHash} ~ '^[0-9a-f]{64}$'`),
    check("reserve_leaves_salt_hex", sql`${t.salt} ~ '^[0-9a-f]{32}$'`),
    allowedValues("reserve_leaves_state", t.state, RESERVE_STATES),
  ],
);

/**
 * A physical count (docs/decisions/043-proof-of-reserves.md "Cycle counts"): the certs staff
 * scanned in one bin (`bin`) or the whole vault (`bin` null), reconciled against the books at
 * `created_at`; the counts and the full report, line by line. It changes no slab. Append-only
 * (migration 0024).
 */
export const cycleCounts = pgTable(
  "cycle_counts",
  {
    id: identityKey(),
    actorId: text().notNull(),
    bin: text(),
    fileName: text().notNull(),
    /** Slab lines read (the header excluded). */
    lineCount: integer().notNull(),
    /** Distinct slabs scanned on good lines. */
    scanned: integer().notNull(),
    missing: integer().notNull(),
    unexpected: integer().notNull(),
    wrongBin: integer().notNull(),
    /** Lines reported and left out (malformed, duplicate). */
    badLines: integer().notNull(),
    report: jsonb().$type<CycleCountReport>().notNull(),
    createdAt: stampedNow(),
  },
  (t) => [
    index("cycle_counts_time_idx").on(t.createdAt.desc()),
    check(
      "cycle_counts_non_negative",
      sql`${t.lineCount} >= 0 AND ${t.scanned} >= 0 AND ${t.missing} >= 0
        AND ${t.unexpected} >= 0 AND ${t.wrongBin} >= 0 AND ${t.badLines} >= 0`,
    ),
  ],
);
