import type { TxCtx } from "../context";
import { enqueueJob } from "../queue/queue";

/** The job that recomputes one card's values after its comps changed. */
export const RECOMPUTE_CARD_JOB = "value.recompute-card";

/**
 * Enqueues the recompute of card `cardId`'s values (docs/product/value.md "When values
 * change") in the caller's transaction, so it exists exactly when the comp change commits.
 * Several changes to one card before the worker runs still recompute it from all its comps.
 */
export async function enqueueCardRecompute(tx: Pick<TxCtx, "db">, cardId: number): Promise<void> {
  await enqueueJob(tx.db, { kind: RECOMPUTE_CARD_JOB, payload: { cardId } });
}
