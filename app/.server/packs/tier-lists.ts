import { sql } from "drizzle-orm";

import type { Ctx } from "../context";
import { preparedSql, queryPrepared } from "../db/prepared";

import type { CardRarity } from "~/lib/domain/rarity";
import { slabIndexOf } from "~/lib/fairness";

type Tx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];

/** Where the draw points in a tier: the index it picked, the slab there, and the tier's size. */
export type TierTarget = { id: number; index: number; size: number };

/** The ids of a tier's slabs left in a pack's pool, in ascending id, built once. */
const tierIds = preparedSql(
  ["packId", "tier"],
  (v) =>
    sql`SELECT coalesce(array_agg(id ORDER BY id), '{}') AS ids FROM slabs
    WHERE pack_id = ${v.packId}::int AND state = 'in_pool' AND pool_tier = ${v.tier}`,
);

/**
 * The slabs left in each tier of pack `packId`'s pool as one batch of openings sees them
 * (docs/decisions/065-pack-openings-committed-in-batches.md): a tier's ids, in ascending id
 * (037's canonical order), are read once, when the batch first draws from it, instead of
 * counted and walked by every opening's claim; each slab the batch pulls is taken off. Slabs
 * pulled meanwhile by other transactions are still listed: a draw that points at one claims the
 * next free slab (the claim's shift, as for a slab another opening is pulling right now), and
 * the slabs the shift passed over are taken off too.
 */
export class TierLists {
  private readonly lists = new Map<CardRarity, number[]>();

  constructor(
    private readonly tx: Tx,
    private readonly packId: number,
  ) {}

  /**
   * The target of a draw of `slabWord` (a 32-bit word) in `tier`: the slab at index
   * floor(`slabWord` x n / 2^32) of the n listed; null when none is left (the list emptied is
   * read again first).
   */
  async target(tier: CardRarity, slabWord: number): Promise<TierTarget | null> {
    let ids = await this.idsOf(tier);
    if (ids.length === 0) {
      // What was taken off may have come back (a pull rolled back): read the tier again.
      this.lists.delete(tier);
      ids = await this.idsOf(tier);
    }
    if (ids.length === 0) return null;
    const index = slabIndexOf(slabWord, ids.length);
    return { id: ids[index]!, index, size: ids.length };
  }

  /**
   * Takes the slabs a claim from `target` found gone off `tier`: the claimed one (`claimedId`)
   * and, after a shift, those it passed over from the target on (taken, or being pulled, by
   * other transactions); after a claim that found no free slab (`claimedId` null), all of them.
   */
  claimed(tier: CardRarity, target: TierTarget, claimedId: number | null): void {
    const ids = this.lists.get(tier);
    if (!ids) return;
    if (claimedId === null) {
      ids.length = 0;
      return;
    }
    const at = ids.indexOf(claimedId, claimedId >= target.id ? target.index : 0);
    if (at >= target.index) ids.splice(target.index, at - target.index + 1);
    else {
      // Wrapped: every slab from the target to the end, and from the start to the claimed one.
      ids.length = target.index;
      ids.splice(0, at + 1);
    }
  }

  private async idsOf(tier: CardRarity): Promise<number[]> {
    let ids = this.lists.get(tier);
    if (!ids) {
      const [row] = await queryPrepared<{ ids: number[] }, "packId" | "tier">(this.tx, tierIds, {
        packId: this.packId,
        tier,
      });
      ids = row!.ids.map(Number);
      this.lists.set(tier, ids);
    }
    return ids;
  }
}
