import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { buybackOffers, packOpenings, playAccounts } from "../db/schema";
import { lockPlayAccount } from "../policy/play-account";
import {
  PLAY_SESSION_GAP_SECONDS,
  REALITY_CHECK_INTERVAL_SECONDS,
  type RealityCheck,
} from "~/lib/play";

type Opening = { createdAt: Date; pricePaidCents: number; cardId: number };

/**
 * The openings of the user's current play session, oldest first: the run of openings ending
 * with the latest, each less than 30 minutes after the one before, the latest less than 30
 * minutes before `now`; empty when there is none (decision record 010).
 */
async function sessionOpenings(db: Ctx["db"], userId: string, now: Date): Promise<Opening[]> {
  const gapMs = PLAY_SESSION_GAP_SECONDS * 1000;
  const recent = await db
    .select({
      createdAt: packOpenings.createdAt,
      pricePaidCents: packOpenings.pricePaidCents,
      cardId: packOpenings.cardId,
    })
    .from(packOpenings)
    .where(
      and(
        eq(packOpenings.userId, userId),
        gt(packOpenings.createdAt, new Date(now.getTime() - 86_400_000)),
      ),
    )
    .orderBy(desc(packOpenings.createdAt))
    .limit(2_000);
  const session: Opening[] = [];
  let after = now;
  for (const opening of recent) {
    if (after.getTime() - opening.createdAt.getTime() >= gapMs) break;
    session.push(opening);
    after = opening.createdAt;
  }
  return session.reverse();
}

/**
 * The reality check due for the signed-in user, or null (decision record 010): one after every
 * full 60 minutes since their play session's first opening, until 'Continue' acknowledges it.
 * Tells the time spent, the packs opened, what they cost and the net result (buyback income
 * from the session's pulls minus their cost), all in cents.
 * @throws DomainError `not_signed_in` (401).
 */
export async function realityCheck(ctx: Ctx): Promise<RealityCheck | null> {
  const userId = ownerId(ctx);
  const now = ctx.now();
  const session = await sessionOpenings(ctx.db, userId, now);
  if (session.length === 0) return null;
  const sessionStartedAt = session[0]!.createdAt;
  const elapsedSeconds = Math.floor((now.getTime() - sessionStartedAt.getTime()) / 1000);
  const checkNumber = Math.floor(elapsedSeconds / REALITY_CHECK_INTERVAL_SECONDS);
  if (checkNumber < 1) return null;
  const [account] = await ctx.db.select().from(playAccounts).where(eq(playAccounts.userId, userId));
  if (
    account?.realityCheckSessionStart?.getTime() === sessionStartedAt.getTime() &&
    account.realityChecksAcknowledged >= checkNumber
  ) {
    return null;
  }
  const spentCents = session.reduce((sum, opening) => sum + opening.pricePaidCents, 0);
  const soldBack = await ctx.db
    .select({ amountCents: buybackOffers.offerAmountCents })
    .from(buybackOffers)
    .where(
      and(
        eq(buybackOffers.userId, userId),
        eq(buybackOffers.status, "accepted"),
        inArray(
          buybackOffers.cardId,
          session.map((opening) => opening.cardId),
        ),
      ),
    );
  const incomeCents = soldBack.reduce((sum, offer) => sum + offer.amountCents, 0);
  return {
    sessionStartedAt,
    elapsedSeconds,
    packsOpened: session.length,
    spentCents,
    netCents: incomeCents - spentCents,
    checkNumber,
  };
}

/**
 * 'Continue' in the reality check: acknowledges the current session's checks up to
 * `checkNumber` (never fewer than before), so the next one comes an hour later. The number
 * comes parsed by continuePlaySchema (a whole number from 1 to 1,000).
 * @throws DomainError `not_signed_in` (401).
 */
export async function continuePlay(ctx: Ctx, input: { checkNumber: number }): Promise<void> {
  const userId = ownerId(ctx);
  const { checkNumber } = input;
  const session = await sessionOpenings(ctx.db, userId, ctx.now());
  const start = session[0]?.createdAt;
  if (!start) return;
  await ctx.db.transaction(async (tx) => {
    const account = await lockPlayAccount(tx, userId);
    const sameSession = account.realityCheckSessionStart?.getTime() === start.getTime();
    await tx
      .update(playAccounts)
      .set({
        realityCheckSessionStart: start,
        realityChecksAcknowledged: sameSession
          ? Math.max(account.realityChecksAcknowledged, checkNumber)
          : checkNumber,
        updatedAt: ctx.now(),
      })
      .where(eq(playAccounts.userId, userId));
  });
}
