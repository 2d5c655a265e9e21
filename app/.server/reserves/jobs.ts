import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx } from "../context";
import { isDomainError } from "../errors";
import { enqueueJob, type JobHandlers, type RecurringJob } from "../queue/queue";
import { buildReserveSnapshot } from "./snapshot-build";

/** The job that builds a reserve snapshot. */
export const SNAPSHOT_JOB = "reserves.snapshot";

/** A snapshot every day, once across all instances (docs/decisions/015-job-queue.md). */
export const RESERVE_JOBS: readonly RecurringJob[] = [
  { kind: SNAPSHOT_JOB, everyMs: 24 * 60 * 60 * 1000 },
];

/**
 * The handler of {@link SNAPSHOT_JOB} (docs/decisions/043-proof-of-reserves.md): builds a
 * snapshot; its payload's `trigger` is 'staff' when staff asked, else the daily schedule. A
 * vault with no slab in custody has nothing to prove: logged, not retried.
 * @param tagKey the draw log's tag key (drawLogTagKey of the server's secret).
 */
export function reserveJobHandlers(tagKey: string): JobHandlers {
  return {
    [SNAPSHOT_JOB]: async (ctx, payload) => {
      const trigger = payload.trigger === "staff" ? "staff" : "schedule";
      try {
        const built = await buildReserveSnapshot(ctx, { tagKey, trigger });
        ctx.log.info({ id: built.id, leaves: built.leafCount }, "reserve snapshot built");
      } catch (error) {
        if (!isDomainError(error) || error.code !== "reserves_empty") throw error;
        ctx.log.info("no slab in custody: no reserve snapshot");
      }
    },
  };
}

/**
 * Staff ask for a snapshot now (the admin's Reserves screen): queues {@link SNAPSHOT_JOB} (at
 * most one per minute) and audits the request (`reserves.snapshot-request`), in one transaction.
 * @returns whether a new job was queued (false: one was queued this minute already).
 * @throws DomainError `forbidden` (403) for anyone but an admin.
 */
export async function requestReserveSnapshot(ctx: Ctx): Promise<boolean> {
  requireStaff(ctx, "managePacks");
  return inTransaction(ctx, async (tx) => {
    const minute = Math.floor(tx.now().getTime() / 60_000);
    const id = await enqueueJob(tx.db, {
      kind: SNAPSHOT_JOB,
      payload: { trigger: "staff" },
      maxAttempts: 3,
      key: `reserves.snapshot:staff:${minute}`,
    });
    if (id === null) return false;
    await recordAudit(tx, {
      action: "reserves.snapshot-request",
      targetType: "job",
      targetId: id,
      before: null,
      after: { kind: SNAPSHOT_JOB },
    });
    return true;
  });
}
