import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { stampedNow, allowedValues } from "./columns";
import { LIMIT_KINDS, PAUSE_KINDS, PLAY_PERIODS } from "~/lib/play";

/**
 * One row per collector who has played (docs/decisions/010-responsible-play.md). The row is
 * what the play guard locks (`FOR UPDATE`) before it sums a period's spending, so a user's
 * guarded money movements run one at a time. It also holds the pause in force (a break or a
 * self-exclusion, never shortened) and how many reality checks of the current play session
 * were acknowledged.
 */
export const playAccounts = pgTable(
  "play_accounts",
  {
    userId: profileRef("cascade").primaryKey(),
    pauseKind: text({ enum: PAUSE_KINDS }),
    pauseStartedAt: timestamp({ withTimezone: true }),
    pauseUntil: timestamp({ withTimezone: true }),
    /** The play session whose reality checks were acknowledged (its first opening). */
    realityCheckSessionStart: timestamp({ withTimezone: true }),
    realityChecksAcknowledged: integer().notNull().default(0),
    /**
     * The collector's "Don't ask for packs under $X" (docs/decisions/044-confirm-before-money-moves.md):
     * a pack priced below this many cents opens without the confirmation step; null (the
     * default) asks before every pack.
     */
    packConfirmUnderCents: bigint({ mode: "number" }),
    updatedAt: stampedNow(),
  },
  (t) => [
    check(
      "play_accounts_pause_complete",
      sql`(${t.pauseKind} IS NULL) = (${t.pauseUntil} IS NULL) AND (${t.pauseUntil} IS NULL) = (${t.pauseStartedAt} IS NULL)`,
    ),
    allowedValues("play_accounts_pause_kind_allowed", t.pauseKind, PAUSE_KINDS),
    check("play_accounts_pause_forward", sql`${t.pauseUntil} > ${t.pauseStartedAt}`),
    check("play_accounts_pack_confirm_under_positive", sql`${t.packConfirmUnderCents} > 0`),
  ],
);

/**
 * A deposit or pack spending limit over a rolling day, week or month (decision record 010).
 * `amount_cents` is in force (null: none); a raise or removal waits in `pending_*` until
 * `pending_from` (24 hours after it was asked), when it counts as in force without any job.
 */
export const playLimits = pgTable(
  "play_limits",
  {
    userId: profileRef("cascade").notNull(),
    kind: text({ enum: LIMIT_KINDS }).notNull(),
    period: text({ enum: PLAY_PERIODS }).notNull(),
    amountCents: bigint({ mode: "number" }),
    /** The raised amount waiting; null with `pending_from` set means removal. */
    pendingAmountCents: bigint({ mode: "number" }),
    pendingFrom: timestamp({ withTimezone: true }),
    updatedAt: stampedNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.period] }),
    allowedValues("play_limits_kind_allowed", t.kind, LIMIT_KINDS),
    allowedValues("play_limits_period_allowed", t.period, PLAY_PERIODS),
    check("play_limits_amount_positive", sql`${t.amountCents} > 0`),
    check("play_limits_pending_amount_positive", sql`${t.pendingAmountCents} > 0`),
    check(
      "play_limits_pending_has_time",
      sql`${t.pendingAmountCents} IS NULL OR ${t.pendingFrom} IS NOT NULL`,
    ),
  ],
);
