import { and, eq, isNull, lte, or } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import { inTransaction, type Ctx } from "../context";
import { playAccounts } from "../db/schema";
import { DomainError } from "../errors";
import { withdrawPendingOffersOf } from "../market/offers";
import { cancelStandingBidsOf } from "../auctions/end-standing-bids";
import { lockPlayAccount, pauseInForce } from "../policy/play-account";
import {
  PAUSE_OPTIONS,
  pauseEnd,
  pausedMessage,
  type PauseLength,
  type PauseView,
} from "~/lib/play";

/**
 * Starts a break (24 hours, 7 days, 30 days) or a self-exclusion (6 months, 1 year, 5 years)
 * for the signed-in user, from `ctx.now()` (docs/decisions/010-responsible-play.md). While it
 * is in force the play guard refuses top-ups, openings, Buy Now and offers; withdrawals,
 * redemptions and the vault still work. In the same transaction the collector's pending buy
 * offers, trade offers, trade requests and standing bids are withdrawn and their holds released,
 * so no seller can take their money during it (a leading auction bid stands; new bids are refused). It cannot be ended or shortened: a new one is refused
 * until it has run out (a conditional update on the locked play account row).
 * `length` comes parsed by startPauseSchema (one of PAUSE_LENGTHS).
 * @throws DomainError `play_paused` (409) while one is in force;
 * `not_signed_in` (401).
 */
export async function startPause(ctx: Ctx, input: { length: PauseLength }): Promise<PauseView> {
  const userId = ownerId(ctx);
  const { length } = input;
  const now = ctx.now();
  const option = PAUSE_OPTIONS.find((candidate) => candidate.value === length)!;
  const until = pauseEnd(length, now);
  return inTransaction(ctx, async (tx) => {
    await lockPlayAccount(tx.db, userId);
    const [started] = await tx.db
      .update(playAccounts)
      .set({ pauseKind: option.kind, pauseStartedAt: now, pauseUntil: until, updatedAt: now })
      .where(
        and(
          eq(playAccounts.userId, userId),
          or(isNull(playAccounts.pauseUntil), lte(playAccounts.pauseUntil, now)),
        ),
      )
      .returning();
    if (!started) {
      const [current] = await tx.db
        .select()
        .from(playAccounts)
        .where(eq(playAccounts.userId, userId));
      const pause = pauseInForce(current, now)!;
      throw new DomainError("play_paused", pausedMessage(pause.kind, pause.until), 409);
    }
    const why = option.kind === "break" ? "break" : "self-exclusion";
    await withdrawPendingOffersOf(tx, userId, why);
    // Standing bids too; a leading auction bid cannot be withdrawn, new bids are refused.
    await cancelStandingBidsOf(tx, userId, why);
    return pauseInForce(started, now)!;
  });
}
