import { lt } from "drizzle-orm";
import type { Ctx } from "../context";
import { session, verification } from "../db/schema";
import { settleDueAuctions } from "../auctions/settle-auction";
import { expireStandingBids } from "../auctions/end-standing-bids";
import { releaseOverdueEscrow } from "../market/escrow";
import { expireOffers } from "../market/offers";
import { approveDuePayouts } from "../wallet/payouts";
import { snapshotPortfolios } from "../value/portfolio";
import { recomputeAllValues, recomputeCardValues } from "../value/recompute";
import { RECOMPUTE_CARD_JOB } from "../value/recompute-jobs";
import { pruneFinishedJobs, type JobHandlers, type RecurringJob } from "../queue/queue";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;

/**
 * The server's own periodic work, run through the queue once per period across all instances
 * (docs/decisions/015-job-queue.md): releasing overdue escrow, expiring buy offers (and their
 * holds), closing ended auctions and expiring standing bids (and their holds), the sandbox's
 * automatic payout approval (docs/decisions/009-held-offers-and-payouts.md), deleting expired
 * sessions and verification tokens, pruning finished jobs, and the nightly recompute of every
 * card's value and daily portfolio snapshot (docs/product/value.md).
 */
export const RECURRING_JOBS: readonly RecurringJob[] = [
  { kind: "escrow.release-overdue", everyMs: HOUR },
  { kind: "offers.expire", everyMs: 15 * SECOND },
  { kind: "auctions.settle-due", everyMs: 5 * SECOND },
  { kind: "standing-bids.expire", everyMs: 15 * SECOND },
  { kind: "payouts.approve-due", everyMs: 15 * SECOND },
  { kind: "sessions.cleanup", everyMs: HOUR },
  { kind: "jobs.prune", everyMs: HOUR },
  { kind: "value.recompute-all", everyMs: DAY },
  { kind: "value.portfolio-snapshot", everyMs: DAY },
];

/** Deletes sessions and verification tokens past their expiry. @returns how many rows. */
export async function deleteExpiredSessions(ctx: Pick<Ctx, "db" | "now">): Promise<number> {
  const sessions = await ctx.db
    .delete(session)
    .where(lt(session.expiresAt, ctx.now()))
    .returning({ id: session.id });
  const tokens = await ctx.db
    .delete(verification)
    .where(lt(verification.expiresAt, ctx.now()))
    .returning({ id: verification.id });
  return sessions.length + tokens.length;
}

const logged =
  (what: string, run: (ctx: Ctx) => Promise<number>) =>
  async (ctx: Ctx): Promise<void> => {
    const n = await run(ctx);
    if (n > 0) ctx.log.info({ n }, what);
  };

/** The handlers of {@link RECURRING_JOBS}, and of the recompute of one card after its comps changed. */
export const systemJobHandlers: JobHandlers = {
  "escrow.release-overdue": logged("released overdue escrow", releaseOverdueEscrow),
  "offers.expire": logged("expired buy offers", expireOffers),
  "auctions.settle-due": logged("closed auctions", settleDueAuctions),
  "standing-bids.expire": logged("expired standing bids", expireStandingBids),
  "payouts.approve-due": logged("sandbox approved payouts", (ctx) => approveDuePayouts(ctx)),
  "sessions.cleanup": logged("deleted expired sessions and tokens", deleteExpiredSessions),
  "jobs.prune": logged("pruned finished jobs", pruneFinishedJobs),
  "value.recompute-all": logged("recomputed every card's values", async (ctx) => {
    const report = await recomputeAllValues(ctx);
    return report.values;
  }),
  "value.portfolio-snapshot": logged("snapshot collectors' portfolios", snapshotPortfolios),
  [RECOMPUTE_CARD_JOB]: async (ctx, payload) => {
    const cardId = Number(payload.cardId);
    if (!Number.isSafeInteger(cardId)) throw new Error(`bad card id ${String(payload.cardId)}`);
    await recomputeCardValues(ctx, cardId);
  },
};
