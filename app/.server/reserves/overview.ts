import type { Ctx } from "../context";
import { recentCycleCounts, type CycleCount } from "./cycle-count";
import { snapshotHistory, type PublicSnapshot } from "./snapshots";

/** What /reserves shows: the snapshots (newest first) and the latest physical count. */
export type ReservesOverview = {
  snapshots: PublicSnapshot[];
  lastCount: Pick<
    CycleCount,
    "createdAt" | "bin" | "scanned" | "missing" | "unexpected" | "wrongBin"
  > | null;
};

/** The public proof-of-reserves page's data (docs/decisions/043-proof-of-reserves.md). */
export async function reservesOverview(ctx: Pick<Ctx, "db">): Promise<ReservesOverview> {
  const [snapshots, counts] = await Promise.all([snapshotHistory(ctx), recentCycleCounts(ctx, 1)]);
  const last = counts[0];
  return {
    snapshots,
    lastCount: last
      ? {
          createdAt: last.createdAt,
          bin: last.bin,
          scanned: last.scanned,
          missing: last.missing,
          unexpected: last.unexpected,
          wrongBin: last.wrongBin,
        }
      : null,
  };
}
