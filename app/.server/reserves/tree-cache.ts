import type { LeanIMT } from "@zk-kit/lean-imt";
import { asc, eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { reserveLeaves } from "../db/schema";
import { reserveTree } from "~/lib/reserves";

/** A snapshot's tree with its leaf hashes in tree order (sorted, for a binary search). */
export type CachedTree = { tree: LeanIMT<string>; sortedLeaves: string[] };

/** Trees kept in memory: the latest snapshot's and the one before (a build in between). */
const KEPT = 2;
const trees = new Map<number, Promise<CachedTree>>();

function keep(snapshotId: number, entry: Promise<CachedTree>) {
  trees.delete(snapshotId);
  trees.set(snapshotId, entry);
  while (trees.size > KEPT) trees.delete(trees.keys().next().value!);
}

/** Keeps the tree a build just made, so its first proofs need no rebuild. */
export function rememberReserveTree(snapshotId: number, entry: CachedTree): void {
  keep(snapshotId, Promise.resolve(entry));
}

/**
 * The tree of snapshot `snapshotId` (docs/decisions/043-proof-of-reserves.md): from memory, or
 * rebuilt from its stored leaf hashes in byte order (one read of the leaves, one pass of hashing;
 * concurrent callers share the rebuild). A failed rebuild is forgotten, so the next call retries.
 */
export function reserveTreeOf(ctx: Pick<Ctx, "db">, snapshotId: number): Promise<CachedTree> {
  const known = trees.get(snapshotId);
  if (known) return known;
  const building = (async () => {
    const rows = await ctx.db
      .select({ hash: reserveLeaves.leafHash })
      .from(reserveLeaves)
      .where(eq(reserveLeaves.snapshotId, snapshotId))
      .orderBy(asc(sql`${reserveLeaves.leafHash} COLLATE "C"`));
    const sortedLeaves = rows.map((row) => row.hash);
    return { tree: reserveTree(sortedLeaves), sortedLeaves };
  })();
  keep(snapshotId, building);
  building.catch(() => trees.delete(snapshotId));
  return building;
}

/** Drops every kept tree (a restart's cold state: the benchmark times the rebuild). */
export function forgetReserveTrees(): void {
  trees.clear();
}

/** The position of `hash` among sorted leaf hashes, or -1. */
export function leafIndexOf(sortedLeaves: string[], hash: string): number {
  let lo = 0;
  let hi = sortedLeaves.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = sortedLeaves[mid]!;
    if (at === hash) return mid;
    if (at < hash) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
