import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { reserveSnapshots } from "../db/schema";
import type { StateTotals } from "~/lib/reserves";

/** A snapshot's public data (what /reserves and /reserves/{id}.json show). */
export type PublicSnapshot = {
  id: number;
  root: string;
  leafCount: number;
  totals: StateTotals;
  trigger: "schedule" | "staff";
  createdAt: Date;
};

const publicColumns = {
  id: reserveSnapshots.id,
  root: reserveSnapshots.root,
  leafCount: reserveSnapshots.leafCount,
  totals: reserveSnapshots.totals,
  trigger: reserveSnapshots.trigger,
  createdAt: reserveSnapshots.createdAt,
};

/** The newest snapshot, or null before the first (docs/decisions/043-proof-of-reserves.md). */
export async function latestSnapshot(ctx: Pick<Ctx, "db">): Promise<PublicSnapshot | null> {
  const [row] = await ctx.db
    .select(publicColumns)
    .from(reserveSnapshots)
    .orderBy(desc(reserveSnapshots.id))
    .limit(1);
  return row ?? null;
}

/** Snapshot `id`'s public data, or null when there is none. */
export async function snapshotById(
  ctx: Pick<Ctx, "db">,
  id: number,
): Promise<PublicSnapshot | null> {
  const [row] = await ctx.db
    .select(publicColumns)
    .from(reserveSnapshots)
    .where(eq(reserveSnapshots.id, id));
  return row ?? null;
}

/** Snapshots shown in the history of roots. */
export const SNAPSHOT_HISTORY = 30;

/** The newest {@link SNAPSHOT_HISTORY} snapshots, newest first. */
export function snapshotHistory(ctx: Pick<Ctx, "db">): Promise<PublicSnapshot[]> {
  return ctx.db
    .select(publicColumns)
    .from(reserveSnapshots)
    .orderBy(desc(reserveSnapshots.id))
    .limit(SNAPSHOT_HISTORY);
}
