import { and, eq, sql } from "drizzle-orm";
import { checkInput, ownerId } from "../account/account-ctx";
import type { Ctx } from "../context";
import { playLimits, walletAccounts, walletEntries } from "../db/schema";
import { lockPlayAccount, type PlayTx } from "./play-account";
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
import { limitChangeSchema, type LimitChange } from "~/lib/schemas/play";

type LimitRow = typeof playLimits.$inferSelect;

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
  const rows = await tx.select().from(playLimits).where(eq(playLimits.userId, userId));
  return LIMIT_KINDS.flatMap((kind) =>
    PLAY_PERIODS.map((period) => {
      const row = rows.find((candidate) => candidate.kind === kind && candidate.period === period);
      return row ? viewOf(row, now) : { kind, period, amountCents: null, pending: null };
    }),
  );
}

/**
 * What `userId` deposited (`deposit`) or spent on packs (`spending`) in each rolling period
 * ending at `now`, in cents, from their ledger entries. Entries stamped after `now` count too.
 */
export async function periodTotals(
  tx: Pick<PlayTx, "select">,
  userId: string,
  kind: LimitKind,
  now: Date,
): Promise<Record<PlayPeriod, Cents>> {
  const since = (period: PlayPeriod) => new Date(now.getTime() - PERIOD_SECONDS[period] * 1000);
  const total = (period: PlayPeriod) =>
    sql<string>`coalesce(sum(abs(${walletEntries.amountCents})) filter (where ${walletEntries.createdAt} > ${since(period)}), 0)`;
  const [row] = await tx
    .select({ day: total("day"), week: total("week"), month: total("month") })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(
      and(
        eq(walletAccounts.userId, userId),
        eq(walletEntries.kind, LEDGER_KIND[kind]),
        sql`${walletEntries.createdAt} > ${since("month")}`,
      ),
    );
  return {
    day: Number(row?.day ?? 0),
    week: Number(row?.week ?? 0),
    month: Number(row?.month ?? 0),
  };
}

/**
 * The shortest period whose `kind` limit `amountCents` more would pass, or null when it fits.
 * The caller holds the user's play lock, so no other guarded movement of theirs is summed
 * meanwhile (decision record 010).
 */
export async function exceededPeriod(
  tx: Pick<PlayTx, "select">,
  input: { userId: string; kind: LimitKind; amountCents: Cents; now: Date },
): Promise<PlayPeriod | null> {
  const limits = (await limitsOf(tx, input.userId, input.now)).filter(
    (limit) => limit.kind === input.kind && limit.amountCents !== null,
  );
  if (limits.length === 0) return null;
  const totals = await periodTotals(tx, input.userId, input.kind, input.now);
  const over = limits.find(
    (limit) => totals[limit.period] + input.amountCents > (limit.amountCents ?? Infinity),
  );
  return over?.period ?? null;
}

/**
 * Changes the signed-in user's `kind` limits, one transaction for all the periods given
 * (decision record 010): for each, a new limit or a lower one applies at once and drops any
 * pending raise; a higher one or a removal (null) waits 24 hours (shown as pending) while the
 * current one stays in force; asking for the limit in force drops a pending change.
 * @returns the `kind` limits as they now stand (day, week, month).
 * @throws DomainError `invalid_limit` (400) with the form's message; `not_signed_in` (401).
 */
export async function setLimits(ctx: Ctx, input: LimitChange): Promise<PlayLimitView[]> {
  const userId = ownerId(ctx);
  const { kind, amountsCents } = checkInput(limitChangeSchema, input, "invalid_limit");
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
