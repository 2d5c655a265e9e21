import { sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../context";
import type { SqlValue } from "../db/prepared";
import { queryRows } from "../db/rows";
import { DomainError } from "../errors";
import { limitViews, periodOver, periodTotalsOf, periodTotalsSql, type LimitRow } from "./limits";
import { lockPlayAccount, pauseInForce, type PlayAccountRow, type PlayTx } from "./play-account";
import type { Cents } from "~/lib/money";
import {
  DATE_OF_BIRTH_REQUIRED_MESSAGE,
  limitExceededMessage,
  pausedMessage,
  type PlayPeriod,
} from "~/lib/play";

/**
 * A money movement the play guard watches: a top-up (`deposit`), a pack opening
 * (`pack-spend`), a marketplace Buy Now (`market-purchase`) or a buy or trade offer (`offer`).
 */
export type PlayKind = "deposit" | "pack-spend" | "market-purchase" | "offer";

type PlayCheck = { userId: string; kind: PlayKind; amountCents: Cents };

/** What {@link playFactsSql} reads, as the driver returns it (json: dates as text). */
export type PlayFacts = {
  dateOfBirth: string | null;
  limits:
    | (Omit<LimitRow, "pendingFrom" | "updatedAt" | "userId"> & {
        pendingFrom: string | null;
      })[]
    | null;
  totals: Record<PlayPeriod, number | string> | null;
} | null;

const limitKindOf = (kind: PlayKind) =>
  kind === "deposit" ? "deposit" : kind === "pack-spend" ? "spending" : null;

/**
 * The guard's facts about a movement of `kind` beyond the play account: for a top-up or an
 * opening the user's date of birth, their limits of that kind and, only when they have one,
 * what the ledger holds for the rolling day, week and month at `now`; one json expression
 * (SQL NULL for the other kinds), so a caller can fold it into its own read. It must run in a
 * statement AFTER the one that took the play lock ({@link lockPlayAccount}): a statement sees
 * what was committed when it started, so only then does it see the movements of whoever held
 * the lock before.
 */
export function playFactsSql(
  input: { userId: SqlValue<string>; kind: PlayKind },
  now: SqlValue<Date>,
): SQL {
  const limitKind = limitKindOf(input.kind);
  if (!limitKind) return sql`NULL::json`;
  const limits = sql`FROM play_limits l WHERE l.user_id = ${input.userId} AND l.kind = ${limitKind}`;
  return sql`json_build_object(
    'dateOfBirth', (SELECT p.date_of_birth FROM profiles p WHERE p.id = ${input.userId}),
    'limits', (SELECT json_agg(json_build_object('kind', l.kind, 'period', l.period,
      'amountCents', l.amount_cents, 'pendingAmountCents', l.pending_amount_cents,
      'pendingFrom', l.pending_from)) ${limits}),
    'totals', CASE WHEN EXISTS (SELECT 1 ${limits})
      THEN ${periodTotalsSql(input.userId, limitKind, now)} END)`;
}

/**
 * Refuses a guarded movement from what the guard read: the user's locked play `account` and
 * the {@link playFactsSql} `facts` (docs/decisions/010-responsible-play.md):
 * 1. a break or self-exclusion in force at `now` refuses every kind;
 * 2. a top-up or an opening needs a confirmed date of birth;
 * 3. a top-up must fit every deposit limit, an opening every pack spending limit in force, with
 *    what the ledger already holds for the rolling day, week and month.
 * @throws the DomainErrors of {@link assertMayPlay}.
 */
export function refusePlay(
  account: PlayAccountRow,
  facts: PlayFacts,
  input: PlayCheck,
  now: Date,
): void {
  const pause = pauseInForce(account, now);
  if (pause) throw new DomainError("play_paused", pausedMessage(pause.kind, pause.until), 403);
  const limitKind = limitKindOf(input.kind);
  if (!limitKind || !facts) return;
  if (!facts.dateOfBirth) {
    throw new DomainError("date_of_birth_required", DATE_OF_BIRTH_REQUIRED_MESSAGE, 403);
  }
  if (!facts.limits || !facts.totals) return;
  const rows = facts.limits.map((limit) => ({
    ...limit,
    userId: input.userId,
    amountCents: limit.amountCents === null ? null : Number(limit.amountCents),
    pendingAmountCents: limit.pendingAmountCents === null ? null : Number(limit.pendingAmountCents),
    pendingFrom: limit.pendingFrom === null ? null : new Date(limit.pendingFrom),
    updatedAt: now,
  }));
  const limits = limitViews(rows, now).filter((limit) => limit.kind === limitKind);
  const period = periodOver(limits, periodTotalsOf(facts.totals), input.amountCents);
  if (period) {
    throw new DomainError("limit_exceeded", limitExceededMessage(period, limitKind), 403);
  }
}

/**
 * Refuses a guarded money movement of `userId` for `amountCents`, in the caller's transaction
 * `tx.db` at its clock `tx.now()`, and before that movement touches any wallet row (docs/decisions/010-responsible-play.md):
 * locks the user's play account row (their guarded movements run one at a time from here to
 * the commit, so the sums cannot miss a parallel one), then reads the {@link playFactsSql}
 * facts in a second statement and applies {@link refusePlay}. Withdrawals, redemptions and
 * the vault are never guarded.
 * @throws DomainError `play_paused` (403, 'You are taking a break until ...' or 'You have
 * excluded yourself until ...'); `date_of_birth_required` (403); `limit_exceeded` (403, 'This
 * would exceed your daily deposit limit' and the like). The caller's transaction must roll back.
 */
export async function assertMayPlay(
  tx: { db: PlayTx } & Pick<Ctx, "now">,
  input: PlayCheck,
): Promise<void> {
  const now = tx.now();
  const account = await lockPlayAccount(tx.db, input.userId);
  const pause = pauseInForce(account, now);
  // A pause refuses without the read below.
  if (pause || !limitKindOf(input.kind)) return refusePlay(account, null, input, now);
  const [row] = await queryRows<{ facts: PlayFacts }>(
    tx.db,
    sql`SELECT ${playFactsSql(input, now)} AS facts`,
  );
  refusePlay(account, row!.facts, input, now);
}
