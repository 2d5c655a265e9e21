import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { packs, poolCommitments, slabs } from "../db/schema";
import { canonicalPoolText, poolCommitmentOf } from "~/lib/pool-commitment";

type Tx = Pick<Database, "insert" | "select" | "update">;

/**
 * Records the pool commitment of pack `packId` as its pool stands in the caller's transaction
 * (docs/decisions/041-pool-commitment.md): the canonical list of its `in_pool` slabs (id,
 * grader, cert, grade, tier, FMV) is kept in pool_commitments (once: content-addressed,
 * append-only) and its hash written on the pack row, beside the composition it commits to.
 * Every writer of a pool (the admin's composition, the seed, test and bench helpers) calls it
 * after the change, under the pack's row lock, so an opening that read the pack before is
 * refused at COMMIT (`pack_changed`) instead of naming a commitment its slab is not in.
 * `recordedAt` (default: the database's clock) is for the seed only, whose demo history of
 * openings lies in the past and must follow the commitment of the pools it draws from.
 * @returns the commitment, 64 lowercase hex characters.
 */
export async function commitPool(
  tx: { db: Tx },
  packId: number,
  recordedAt?: Date,
): Promise<string> {
  const rows = await tx.db
    .select({
      id: slabs.id,
      grader: slabs.grader,
      cert: slabs.cert,
      grade: slabs.grade,
      tier: slabs.poolTier,
      fmvCents: slabs.fmvCents,
    })
    .from(slabs)
    .where(and(eq(slabs.packId, packId), eq(slabs.state, "in_pool")))
    .orderBy(asc(slabs.id));
  const canonicalText = canonicalPoolText({
    packId,
    slabs: rows.map((row) => ({
      id: row.id,
      grader: row.grader,
      cert: row.cert,
      gradeTenths: Math.round(row.grade * 10),
      tier: row.tier!,
      fmvCents: row.fmvCents,
    })),
  });
  const commitment = await poolCommitmentOf(canonicalText);
  await tx.db
    .insert(poolCommitments)
    .values({
      commitment,
      packId,
      canonicalText,
      slabCount: rows.length,
      ...(recordedAt ? { createdAt: recordedAt } : {}),
    })
    .onConflictDoNothing();
  await tx.db
    .update(packs)
    .set({ poolCommitment: commitment })
    .where(and(eq(packs.id, packId), sql`${packs.poolCommitment} <> ${commitment}`));
  return commitment;
}

/** A recorded pool commitment: its canonical text and when it was first recorded. */
export type PoolCommitmentText = { text: string; recordedAt: Date };

/** The canonical texts of `commitments` with when each was recorded (unknown ones left out). */
export async function poolTextsOf(
  db: Pick<Database, "select">,
  commitments: string[],
): Promise<Record<string, PoolCommitmentText>> {
  const wanted = commitments.filter(Boolean);
  if (wanted.length === 0) return {};
  const rows = await db
    .select({
      commitment: poolCommitments.commitment,
      text: poolCommitments.canonicalText,
      recordedAt: poolCommitments.createdAt,
    })
    .from(poolCommitments)
    .where(inArray(poolCommitments.commitment, wanted));
  return Object.fromEntries(
    rows.map((row) => [row.commitment, { text: row.text, recordedAt: row.recordedAt }]),
  );
}
