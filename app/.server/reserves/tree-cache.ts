import type { LeanIMT } from "@zk-kit/lean-imt";
import { asc, eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { reserveLeaves } from "../db/schema";
import { reserveTree } from "~/lib/reserves";

/** A snapshot's tree with its leaf hashes in tree order (sorted, for a binary search). */
export type CachedTree = { tree: LeanIMT<string>; sortedLeaves: string[] };

/** Trees kept in memory per database: the latest snapshot's and the one before (a build in between). */
const KEPT = 2;
/**
 * Keyed by the database handle first: a snapshot id names a snapshot of one database, and a
 * process may hold several (a test worker runs many files' databases, a bench its own).
 */
const treesByDatabase = new WeakMap<object, Map<number, Promise<CachedTree>>>();

function treesOf(db: Ctx["db"]): Map<number, Promise<CachedTree>> {
  let trees = treesByDatabase.get(db);
  if (!trees) {
    trees = new Map();
    treesByDatabase.set(db, trees);
  }
  return trees;
}

function keep(db: Ctx["db"], snapshotId: number, entry: Promise<CachedTree>) {
  const trees = treesOf(db);
  trees.delete(snapshotId);
  trees.set(snapshotId, entry);
  while (trees.size > KEPT) trees.delete(trees.keys().next().value!);
}

/** Keeps the tree a build just made on `ctx.db`, so its first proofs need no rebuild. */
export function rememberReserveTree(
  ctx: Pick<Ctx, "db">,
  snapshotId: number,
  entry: CachedTree,
): void {
  keep(ctx.db, snapshotId, Promise.resolve(entry));
}

/**
 * The tree of snapshot `snapshotId` (docs/decisions/043-proof-of-reserves.md): from memory, or
 * rebuilt from its stored leaf hashes in byte order (one read of the leaves, one pass of hashing;
 * concurrent callers share the rebuild). A failed rebuild is forgotten, so the next call retries.
 */
export function reserveTreeOf(ctx: Pick<Ctx, "db">, snapshotId: number): Promise<CachedTree> {
  const known = treesOf(ctx.db).get(snapshotId);
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
  keep(ctx.db, snapshotId, building);
  building.catch(() => treesOf(ctx.db).delete(snapshotId));
  return building;
}

/** Drops every tree kept for `ctx.db` (a restart's cold state: the benchmark times the rebuild). */
export function forgetReserveTrees(ctx: Pick<Ctx, "db">): void {
  treesOf(ctx.db).clear();
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
