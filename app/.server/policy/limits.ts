import { eq, sql, type SQL } from "drizzle-orm";
import { ownerId } from "./account-ctx";
import type { Ctx } from "../context";
import { playLimits, walletAccounts, walletEntries } from "../db/schema";
import { lockPlayAccount, type PlayTx } from "./play-account";
import type { SqlValue } from "../db/prepared";
import type { Cents } from "~/lib/money";
import {
  LIMIT_KINDS,
  LIMIT_RAISE_DELAY_SECONDS,
  PERIOD_SECONDS,
  PLAY_PERIODS,
  type LimitKind,
  type PlayLimitView,
  type PlayPeriod,
} from "~/lib/play";
import type { LimitChange } from "~/lib/schemas/play";

export type LimitRow = typeof playLimits.$inferSelect;

/** The ledger kind a limit sums: deposits are `top_up` credits, spending `pack_purchase` debits. */
const LEDGER_KIND = { deposit: "top_up", spending: "pack_purchase" } as const;

/** A stored limit as in force at `now`: a pending raise or removal counts once it is due. */
function viewOf(row: LimitRow, now: Date): PlayLimitView {
  const due = row.pendingFrom !== null && row.pendingFrom <= now;
  return {
    kind: row.kind,
    period: row.period,
    amountCents: due ? row.pendingAmountCents : row.amountCents,
    pending:
      row.pendingFrom && !due
        ? { amountCents: row.pendingAmountCents, from: row.pendingFrom }
        : null,
  };
}

/**
 * Every limit of `userId` at `now`, one per kind and period (day, week, month), in that order;
 * `amountCents` null where none is set (decision record 010).
 */
export async function limitsOf(
  tx: Pick<PlayTx, "select">,
  userId: string,
  now: Date,
): Promise<PlayLimitView[]> {
  return limitViews(await tx.select().from(playLimits).where(eq(playLimits.userId, userId)), now);
}

/** The stored limit `rows` of one user as in force at `now`, as {@link limitsOf} returns them. */
export function limitViews(rows: LimitRow[], now: Date): PlayLimitView[] {
  return LIMIT_KINDS.flatMap((kind) =>
    PLAY_PERIODS.map((period) => {
      const row = rows.find((candidate) => candidate.kind === kind && candidate.period === period);
      return row ? viewOf(row, now) : { kind, period, amountCents: null, pending: null };
    }),
  );
}

/**
 * What `userId` deposited (`deposit`) or spent on packs (`spending`) in each rolling period
 * ending at `now`, in cents, from their ledger entries, as a subquery of one json value
 * `{ day, week, month }`, so a caller can fold it into its own statement. Entries stamped
 * after `now` count too.
 */
export function periodTotalsSql(
  userId: SqlValue<string>,
  kind: LimitKind,
  now: SqlValue<Date>,
): SQL {
  const since = (period: PlayPeriod) =>
    sql`(${now}::timestamptz - ${sql.raw(`interval '${PERIOD_SECONDS[period]} seconds'`)})`;
  const total = (period: PlayPeriod) =>
    sql`coalesce(sum(abs(${walletEntries.amountCents})) filter (where ${walletEntries.createdAt} > ${since(period)}), 0)`;
  return sql`(SELECT json_build_object('day', ${total("day")}, 'week', ${total("week")},
      'month', ${total("month")})
    FROM ${walletEntries} JOIN ${walletAccounts} ON ${walletAccounts.id} = ${walletEntries.accountId}
    WHERE ${walletAccounts.userId} = ${userId} AND ${walletEntries.kind} = ${LEDGER_KIND[kind]}
      AND ${walletEntries.createdAt} > ${since("month")})`;
}

/** The totals {@link periodTotalsSql} reads, as numbers (json may give them as strings). */
export function periodTotalsOf(
  json: Record<PlayPeriod, number | string>,
): Record<PlayPeriod, Cents> {
  return { day: Number(json.day), week: Number(json.week), month: Number(json.month) };
}

/**
 * The shortest period whose limit in `limits` (of one kind, as in force) `amountCents` more
 * than `totals` would pass, or null when it fits (decision record 010).
 */
export function periodOver(
  limits: PlayLimitView[],
  totals: Record<PlayPeriod, Cents>,
  amountCents: Cents,
): PlayPeriod | null {
  const over = limits.find(
    (limit) => limit.amountCents !== null && totals[limit.period] + amountCents > limit.amountCents,
  );
  return over?.period ?? null;
}

/**
 * Changes the signed-in user's `kind` limits, one transaction for all the periods given
 * (decision record 010): for each, a new limit or a lower one applies at once and drops any
 * pending raise; a higher one or a removal (null) waits 24 hours (shown as pending) while the
 * current one stays in force; asking for the limit in force drops a pending change.
 * The amounts come parsed from the limits form (depositLimitsSchema, spendingLimitsSchema:
 * whole cents from $0.01 to $1,000,000; docs/decisions/013-parsing-once-at-the-seam.md).
 * @returns the `kind` limits as they now stand (day, week, month).
 * @throws DomainError `not_signed_in` (401).
 */
export async function setLimits(ctx: Ctx, input: LimitChange): Promise<PlayLimitView[]> {
  const userId = ownerId(ctx);
  const { kind, amountsCents } = input;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockPlayAccount(tx, userId);
    const limits = await limitsOf(tx, userId, now);
    for (const period of PLAY_PERIODS) {
      const wanted = amountsCents[period];
      if (wanted === undefined) continue;
      const current = limits.find((limit) => limit.kind === kind && limit.period === period)!;
      const atOnce =
        wanted === current.amountCents ||
        (wanted !== null && (current.amountCents === null || wanted < current.amountCents));
      const values = atOnce
        ? { amountCents: wanted, pendingAmountCents: null, pendingFrom: null }
        : {
            amountCents: current.amountCents,
            pendingAmountCents: wanted,
            pendingFrom: new Date(now.getTime() + LIMIT_RAISE_DELAY_SECONDS * 1000),
          };
      await tx
        .insert(playLimits)
        .values({ userId, kind, period, ...values, updatedAt: now })
        .onConflictDoUpdate({
          target: [playLimits.userId, playLimits.kind, playLimits.period],
          set: { ...values, updatedAt: now },
        });
    }
    return (await limitsOf(tx, userId, now)).filter((limit) => limit.kind === kind);
  });
}
