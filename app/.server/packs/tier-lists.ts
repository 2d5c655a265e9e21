import { sql } from "drizzle-orm";

import type { Ctx } from "../context";
import { preparedSql, queryPrepared } from "../db/prepared";

import type { CardRarity } from "~/lib/domain/rarity";
import { slabIndexOf } from "~/lib/fairness";

type Tx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];

/** Where the draw points in a tier: the index it picked, the slab there, and the tier's size. */
export type TierTarget = { id: number; index: number; size: number };

/** What one batch draws through (see {@link TierLists.batch}). */
export type TierDraws = {
  /**
   * The target of a draw of `slabWord` (a 32-bit word) in `tier` of the pool committed as
   * `poolCommitment`, read in the batch's transaction `tx` when it must be: the slab at index
   * floor(`slabWord` x n / 2^32) of the n listed, taken off the list at once, so the batch's
   * next draw counts the slabs left after this one; null when none is left (an empty list is
   * read again first).
   */
  target(
    tx: Tx,
    poolCommitment: string,
    tier: CardRarity,
    slabWord: number,
  ): Promise<TierTarget | null>;
  /**
   * What the claim from `target` took: `claimedId` (the target itself, or the next free slab
   * after a shift), or null when it found no free slab in the tier.
   */
  claimed(tier: CardRarity, target: TierTarget, claimedId: number | null): void;
};

/** How long a tier's list is drawn from before it is read again, in milliseconds. */
export const TIER_LIST_TTL_MS = 1_000;

/** The ids of a tier's slabs left in a pack's pool, in ascending id, built once. */
const tierIds = preparedSql(
  ["packId", "tier"],
  (v) =>
    sql`SELECT coalesce(array_agg(id ORDER BY id), '{}') AS ids FROM slabs
    WHERE pack_id = ${v.packId}::int AND state = 'in_pool' AND pool_tier = ${v.tier}`,
);

/** The index of the first of the ascending `ids` that is not below `id`. */
function lowerBound(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The slabs left in each tier of pack `packId`'s pool, as the batches of its openings in this
 * process draw from them (docs/decisions/065-pack-openings-committed-in-batches.md), instead of
 * every opening's claim counting and walking the tier. A tier's ids, in ascending id (037's
 * canonical order), are read when a batch first draws from it, again once the list is
 * {@link TIER_LIST_TTL_MS} old or empty, and from scratch when the pool's commitment changed.
 * Every slab a batch draws is taken off at once, before its claim, so the draws of one batch
 * (recorded together, in one statement) and of the batches running side by side never target
 * one slab, and each draw counts the slabs left after the draws before it. What the list cannot know (slabs pulled by another process or an
 * opening alone since it was read) stays listed: a draw that points at one claims the next free
 * slab (the claim's shift, as for a slab another opening is pulling right now), and the slabs the
 * shift passed over are taken off too. A read leaves out the slabs claimed by batches of this
 * process not yet ended (the read sees them as left until they commit); a batch that rolled back
 * has every tier read again.
 */
export class TierLists {
  private readonly lists = new Map<CardRarity, { ids: number[]; readAt: number }>();
  private commitment: string | null = null;
  /** Slabs drawn or claimed by batches not yet ended: a read lists them as left until they commit. */
  private readonly pending = new Set<number>();

  constructor(
    private readonly packId: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The draws of one batch: `end(committed)` once its transaction committed or rolled back. Once
   * it committed, the slabs it claimed are no longer left; when it rolled back they are back in
   * the pool, and every list is read again.
   */
  batch(): TierDraws & { end(committed: boolean): void } {
    const taken: number[] = [];
    return {
      target: async (tx, poolCommitment, tier, slabWord) => {
        const target = await this.target(tx, poolCommitment, tier, slabWord);
        if (target) taken.push(target.id);
        return target;
      },
      claimed: (tier, target, claimedId) => {
        if (claimedId !== null) taken.push(claimedId);
        this.claimed(tier, target, claimedId);
      },
      end: (committed) => {
        for (const id of taken) this.pending.delete(id);
        if (!committed) this.lists.clear();
      },
    };
  }

  private async target(
    tx: Tx,
    poolCommitment: string,
    tier: CardRarity,
    slabWord: number,
  ): Promise<TierTarget | null> {
    if (poolCommitment !== this.commitment) {
      this.lists.clear();
      this.commitment = poolCommitment;
    }
    const listed = this.lists.get(tier);
    const fresh =
      listed && listed.ids.length > 0 && this.clock() - listed.readAt < TIER_LIST_TTL_MS;
    const ids = fresh ? listed.ids : await this.read(tx, tier);
    if (ids.length === 0) return null;
    const index = slabIndexOf(slabWord, ids.length);
    const target = { id: ids[index]!, index, size: ids.length };
    ids.splice(index, 1);
    this.pending.add(target.id);
    return target;
  }

  private claimed(tier: CardRarity, target: TierTarget, claimedId: number | null): void {
    if (claimedId === target.id) return;
    if (claimedId !== null) this.pending.add(claimedId);
    const listed = this.lists.get(tier);
    if (!listed) return;
    if (claimedId === null) {
      this.lists.delete(tier);
      return;
    }
    // The target is off the list already; a shift passed over the slabs up to the one claimed.
    const { ids } = listed;
    const from = lowerBound(ids, target.id);
    if (claimedId >= target.id) {
      ids.splice(from, lowerBound(ids, claimedId + 1) - from);
    } else {
      ids.length = from;
      ids.splice(0, lowerBound(ids, claimedId + 1));
    }
  }

  private async read(tx: Tx, tier: CardRarity): Promise<number[]> {
    const [row] = await queryPrepared<{ ids: number[] }, "packId" | "tier">(tx, tierIds, {
      packId: this.packId,
      tier,
    });
    const ids = row!.ids.map(Number).filter((id) => !this.pending.has(id));
    this.lists.set(tier, { ids, readAt: this.clock() });
    return ids;
  }
}
