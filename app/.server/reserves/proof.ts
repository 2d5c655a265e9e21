import { and, eq, isNotNull, ne } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { reserveLeaves, userCards } from "../db/schema";
import { DomainError } from "../errors";
import { userTag } from "../packs/draw-log";
import { latestSnapshot } from "./snapshots";
import { leafIndexOf, reserveTreeOf } from "./tree-cache";
import { PROOF_FORMAT, PROOF_VERSION, type ReserveProof } from "~/lib/reserves";

/**
 * The proof that the slab of the signed-in user's card `cardId` is in the latest snapshot
 * (docs/decisions/043-proof-of-reserves.md): its leaf as committed, its salt and its path to the
 * root (app/lib/reserves.ts checks it). The card must be the user's and hold a slab (not sold
 * back); any other id, one that does not exist included, is refused alike.
 * @param tagKey the draw log's tag key: the leaf's owner must be this user's tag.
 * @throws DomainError `not_signed_in` (401); `forbidden` (403, 'You can only prove slabs in your
 * own vault.'); `reserves_no_snapshot` (409) before the first snapshot; `reserves_not_yet` (409)
 * when the slab was not the user's in the latest snapshot (it will be in the next one).
 */
export async function proveOwnSlab(
  ctx: Ctx,
  input: { cardId: number; tagKey: string; publicUrl: string },
): Promise<ReserveProof> {
  const userId = ownerId(ctx);
  const [card] = await ctx.db
    .select({ slabId: userCards.slabId })
    .from(userCards)
    .where(
      and(
        eq(userCards.id, input.cardId),
        eq(userCards.userId, userId),
        ne(userCards.status, "sold"),
        isNotNull(userCards.slabId),
      ),
    );
  if (!card) {
    throw new DomainError("forbidden", "You can only prove slabs in your own vault.", 403);
  }
  const snapshot = await latestSnapshot(ctx);
  if (!snapshot) {
    throw new DomainError(
      "reserves_no_snapshot",
      "The vault has not published a reserve snapshot yet. Try again after the next one.",
      409,
    );
  }
  const [leaf] = await ctx.db
    .select()
    .from(reserveLeaves)
    .where(and(eq(reserveLeaves.snapshotId, snapshot.id), eq(reserveLeaves.slabId, card.slabId!)));
  if (!leaf || leaf.owner !== userTag(input.tagKey, userId)) {
    throw new DomainError(
      "reserves_not_yet",
      `This slab became yours after the latest snapshot (${snapshot.createdAt.toISOString()}). It will be in the next one.`,
      409,
    );
  }
  const { tree, sortedLeaves } = await reserveTreeOf(ctx, snapshot.id);
  const path = tree.generateProof(leafIndexOf(sortedLeaves, leaf.leafHash));
  return {
    format: PROOF_FORMAT,
    version: PROOF_VERSION,
    snapshot: {
      id: snapshot.id,
      created_at: snapshot.createdAt.toISOString(),
      root: snapshot.root,
      leaf_count: snapshot.leafCount,
      url: new URL(`/reserves/${snapshot.id}.json`, input.publicUrl).toString(),
    },
    leaf: {
      grader: leaf.grader,
      cert: leaf.cert,
      grade: leaf.grade,
      state: leaf.state,
      fmv_cents: leaf.fmvCents,
      owner: leaf.owner,
      salt: leaf.salt,
    },
    index: path.index,
    siblings: path.siblings,
  };
}
