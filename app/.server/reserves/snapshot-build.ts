import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { reserveLeaves, reserveSnapshots, slabs, userCards } from "../db/schema";
import { DomainError } from "../errors";
import { userTag } from "../packs/draw-log";
import { rememberReserveTree } from "./tree-cache";
import {
  HOUSE_OWNER,
  RESERVE_STATES,
  emptyTotals,
  leafHash,
  reserveTree,
  type ReserveLeaf,
  type ReserveState,
  type StateTotals,
} from "~/lib/reserves";

/** Slabs read and leaves written per statement while a snapshot is built. */
export const SNAPSHOT_BATCH = 4_000;

/** What a build wrote. */
export type SnapshotSummary = {
  id: number;
  root: string;
  leafCount: number;
  totals: StateTotals;
  createdAt: Date;
};

/** One batch of custody slabs after `afterId`, each with its holder (null for the house's). */
function custodyBatch(ctx: Pick<Ctx, "db">, afterId: number) {
  return ctx.db
    .select({
      id: slabs.id,
      grader: slabs.grader,
      cert: slabs.cert,
      grade: slabs.grade,
      state: slabs.state,
      fmvCents: slabs.fmvCents,
      holder: userCards.userId,
    })
    .from(slabs)
    .leftJoin(userCards, and(eq(userCards.slabId, slabs.id), ne(userCards.status, "sold")))
    .where(and(inArray(slabs.state, [...RESERVE_STATES]), gt(slabs.id, afterId)))
    .orderBy(asc(slabs.id))
    .limit(SNAPSHOT_BATCH);
}

type LeafRow = ReserveLeaf & { snapshotId: number; slabId: number; leafHash: string };

/**
 * Writes a batch of leaves in one statement with ONE parameter, the rows as JSON
 * (json_to_recordset): a multi-row VALUES of 4,000 rows x 10 columns costs Drizzle's query
 * builder seconds per batch, this costs a JSON.stringify.
 */
async function insertLeaves(tx: Pick<Ctx["db"], "execute">, rows: LeafRow[]): Promise<void> {
  const json = JSON.stringify(
    rows.map((r) => ({
      snapshot_id: r.snapshotId,
      slab_id: r.slabId,
      grader: r.grader,
      cert: r.cert,
      grade: r.grade,
      state: r.state,
      fmv_cents: r.fmvCents,
      owner: r.owner,
      salt: r.salt,
      leaf_hash: r.leafHash,
    })),
  );
  await tx.execute(sql`
    INSERT INTO ${reserveLeaves}
      (snapshot_id, slab_id, grader, cert, grade, state, fmv_cents, owner, salt, leaf_hash)
    SELECT snapshot_id, slab_id, grader, cert, grade, state, fmv_cents, owner, salt, leaf_hash
    FROM json_to_recordset(${json}::json) AS r(snapshot_id int, slab_id int, grader text,
      cert text, grade numeric, state text, fmv_cents bigint, owner text, salt text,
      leaf_hash text)`);
}

/**
 * Builds and stores a reserve snapshot (docs/decisions/043-proof-of-reserves.md) in ONE
 * repeatable-read transaction, so every batch sees the same books: streams the slabs in custody
 * (house stock, pools, owned, shipping out) by id, {@link SNAPSHOT_BATCH} at a time; gives each
 * a leaf (grader, cert, grade, state, FMV cents, the owner's draw-log tag or 'house', 16 fresh
 * random bytes of salt) and writes it; sorts the leaf hashes, builds the tree (app/lib/reserves.ts)
 * and writes the snapshot row with its root, leaf count and per-state counts and FMV totals.
 * Memory grows with the slab count only by one 64-character hash string per leaf (and the tree's
 * inner nodes). `trigger` says who asked: the daily job or staff (the caller audits).
 * @param tagKey the draw log's tag key (drawLogTagKey of the server's secret).
 * @throws DomainError `reserves_empty` (409) when no slab is in custody; Error when an owned or
 * shipping slab has no holder (the books break docs/design.md's one-owner invariant (2)).
 */
export async function buildReserveSnapshot(
  ctx: Ctx,
  input: { tagKey: string; trigger: "schedule" | "staff" },
): Promise<SnapshotSummary> {
  const summary = await ctx.db.transaction(
    async (tx) => {
      const createdAt = ctx.now();
      const result = await tx.execute(
        sql`SELECT nextval(pg_get_serial_sequence('reserve_snapshots', 'id'))::int AS id`,
      );
      const id = (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
      const totals = emptyTotals();
      const hashes: string[] = [];
      for (let afterId = 0; ;) {
        const rows = await custodyBatch({ db: tx }, afterId);
        if (rows.length === 0) break;
        afterId = rows[rows.length - 1]!.id;
        const values = rows.map((row) => {
          const state = row.state as ReserveState;
          const house = state === "house_stock" || state === "in_pool";
          if (!house && row.holder === null) {
            throw new Error(`slab ${row.id} is ${state} but no card holds it`);
          }
          const leaf: ReserveLeaf = {
            grader: row.grader,
            cert: row.cert,
            grade: row.grade,
            state,
            fmvCents: row.fmvCents,
            owner: house ? HOUSE_OWNER : userTag(input.tagKey, row.holder!),
            salt: ctx.random.bytes(16).toString("hex"),
          };
          const hash = leafHash(leaf);
          hashes.push(hash);
          totals[state].count += 1;
          totals[state].fmvCents += row.fmvCents;
          return { snapshotId: id, slabId: row.id, ...leaf, leafHash: hash } satisfies LeafRow;
        });
        await insertLeaves(tx, values);
      }
      if (hashes.length === 0) {
        throw new DomainError("reserves_empty", "No slab is in custody: nothing to prove.", 409);
      }
      // Byte order of the hex, as the database's COLLATE "C" orders them for a rebuild.
      hashes.sort();
      const tree = reserveTree(hashes);
      await tx.insert(reserveSnapshots).values({
        id,
        root: tree.root,
        leafCount: hashes.length,
        totals,
        trigger: input.trigger,
        createdAt,
      });
      return {
        summary: { id, root: tree.root, leafCount: hashes.length, totals, createdAt },
        tree,
        hashes,
      };
    },
    { isolationLevel: "repeatable read" },
  );
  rememberReserveTree(ctx, summary.summary.id, {
    tree: summary.tree,
    sortedLeaves: summary.hashes,
  });
  return summary.summary;
}
