// A batch's lists of a pack's tiers (docs/decisions/065-pack-openings-committed-in-batches.md):
// what a draw targets, and what a claim takes off the list.
import { asc, eq, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slabs } from "~/.server/db/schema";
import { TierLists } from "~/.server/packs/tier-lists";
import { databaseForFile } from "../helpers/file-setup";
import { makePack } from "../helpers/packs";

const db = databaseForFile();

const ALL_COMMON = { common: 100, uncommon: 0, rare: 0, legendary: 0 };
const TWO_POW_32 = 2 ** 32;
/** The smallest 32-bit word that draws index `index` of `size`. */
const wordFor = (index: number, size: number) => Math.ceil((index * TWO_POW_32) / size);

/** A pack whose pool holds ten commons, and their ids in ascending order. */
async function tenSlabPack() {
  const packId = await makePack(db, { rarityDistribution: ALL_COMMON, pool: { common: 10 } });
  const ids = (
    await db.db
      .select({ id: slabs.id })
      .from(slabs)
      .where(eq(slabs.packId, packId))
      .orderBy(asc(slabs.id))
  ).map((row) => row.id);
  return { packId, ids };
}

describe("a batch's tier lists", () => {
  it("targets the slab at floor(word x n / 2^32) of the tier's slabs in ascending id", async () => {
    const { packId, ids } = await tenSlabPack();
    await db.db.transaction(async (tx) => {
      const lists = new TierLists(tx, packId);
      expect(await lists.target("common", 0)).toEqual({ id: ids[0], index: 0, size: 10 });
      expect(await lists.target("common", wordFor(7, 10))).toEqual({
        id: ids[7],
        index: 7,
        size: 10,
      });
      expect(await lists.target("common", TWO_POW_32 - 1)).toEqual({
        id: ids[9],
        index: 9,
        size: 10,
      });
      expect(await lists.target("rare", 12345)).toBeNull();
    });
  });

  it("takes off the claimed slab, and after a shift the slabs passed over", async () => {
    const { packId, ids } = await tenSlabPack();
    await db.db.transaction(async (tx) => {
      const lists = new TierLists(tx, packId);
      const first = (await lists.target("common", wordFor(2, 10)))!;
      lists.claimed("common", first, ids[2]!);
      // ids 0, 1, 3 .. 9 are left: index 2 is now ids[3].
      const second = (await lists.target("common", wordFor(2, 9)))!;
      expect(second).toEqual({ id: ids[3], index: 2, size: 9 });
      // The claim from ids[3] shifted to ids[5]: ids[3] and ids[4] were gone.
      lists.claimed("common", second, ids[5]!);
      expect(await lists.target("common", 0)).toMatchObject({ id: ids[0], size: 6 });
      expect(await lists.target("common", wordFor(2, 6))).toMatchObject({ id: ids[6] });
    });
  });

  it("after a claim that wrapped, takes off the target to the end and the start to the claimed slab", async () => {
    const { packId, ids } = await tenSlabPack();
    await db.db.transaction(async (tx) => {
      const lists = new TierLists(tx, packId);
      const target = (await lists.target("common", wordFor(8, 10)))!;
      expect(target.id).toBe(ids[8]);
      lists.claimed("common", target, ids[1]!);
      // Left: ids 2 .. 7.
      expect(await lists.target("common", 0)).toEqual({ id: ids[2], index: 0, size: 6 });
      expect(await lists.target("common", TWO_POW_32 - 1)).toMatchObject({ id: ids[7] });
    });
  });

  it("reads a tier again once its list is empty, and answers null only when the pool is", async () => {
    const { packId, ids } = await tenSlabPack();
    // Rolled back at the end: the slabs taken off the pool below are a test's doing.
    const inTransaction = db.db.transaction(async (tx) => {
      const lists = new TierLists(tx, packId);
      const target = (await lists.target("common", 0))!;
      // A claim that found no free slab empties the list; the pool itself still holds ten.
      lists.claimed("common", target, null);
      expect(await lists.target("common", 0)).toEqual({ id: ids[0], index: 0, size: 10 });
      await tx
        .update(slabs)
        .set({ state: "owned", packId: null, poolTier: null })
        .where(eq(slabs.packId, packId));
      const again = (await lists.target("common", 0))!;
      lists.claimed("common", again, null);
      expect(await lists.target("common", 0)).toBeNull();
      tx.rollback();
    });
    await expect(inTransaction).rejects.toBeInstanceOf(TransactionRollbackError);
  });
});
