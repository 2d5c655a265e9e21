// The lists of a pack's tiers its batches of openings draw from
// (docs/decisions/065-pack-openings-committed-in-batches.md): what a draw targets, what a claim
// takes off, and when a tier is read again.
import { eq, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { slabs } from "~/.server/db/schema";
import { TIER_LIST_TTL_MS, TierLists } from "~/.server/packs/tier-lists";
import { databaseForFile } from "../helpers/file-setup";
import { makePack, poolIdsOf } from "../helpers/packs";

const db = databaseForFile();

const ALL_COMMON = { common: 100, uncommon: 0, rare: 0, legendary: 0 };
const TWO_POW_32 = 2 ** 32;
const POOL = "pool commitment";
/** The smallest 32-bit word that draws index `index` of `size`. */
const wordFor = (index: number, size: number) => Math.ceil((index * TWO_POW_32) / size);

/** A pack whose pool holds ten commons, and their ids in ascending order. */
async function tenSlabPack() {
  const packId = await makePack(db, { rarityDistribution: ALL_COMMON, pool: { common: 10 } });
  return { packId, ids: await poolIdsOf(db, packId) };
}

type Tx = Parameters<Parameters<typeof db.db.transaction>[0]>[0];

/** Runs `work` in a transaction that is rolled back: what it changes is the test's doing. */
async function rolledBack(work: (tx: Tx) => Promise<void>): Promise<void> {
  const run = db.db.transaction(async (tx) => {
    await work(tx);
    tx.rollback();
  });
  await expect(run).rejects.toBeInstanceOf(TransactionRollbackError);
}

/** Takes `id` out of the pool, as a pull by somebody else would. */
const pullElsewhere = (tx: Tx, id: number) =>
  tx.update(slabs).set({ state: "owned", packId: null, poolTier: null }).where(eq(slabs.id, id));

describe("the lists of a pack's tiers", () => {
  it("targets the slab at floor(word x n / 2^32) of the tier's slabs left, in ascending id", async () => {
    const { packId, ids } = await tenSlabPack();
    const draws = new TierLists(packId).batch();
    await db.db.transaction(async (tx) => {
      expect(await draws.target(tx, POOL, "common", 0)).toEqual({ id: ids[0], index: 0, size: 10 });
      // A draw takes its target off at once: the next counts the nine left (ids 1 .. 9).
      expect(await draws.target(tx, POOL, "common", wordFor(7, 9))).toEqual({
        id: ids[8],
        index: 7,
        size: 9,
      });
      expect(await draws.target(tx, POOL, "common", TWO_POW_32 - 1)).toEqual({
        id: ids[9],
        index: 7,
        size: 8,
      });
      expect(await draws.target(tx, POOL, "rare", 12345)).toBeNull();
    });
  });

  it("takes off the claimed slab, and after a shift the slabs passed over", async () => {
    const { packId, ids } = await tenSlabPack();
    const draws = new TierLists(packId).batch();
    await db.db.transaction(async (tx) => {
      const first = (await draws.target(tx, POOL, "common", wordFor(2, 10)))!;
      draws.claimed("common", first, ids[2]!);
      // ids 0, 1, 3 .. 9 are left: index 2 is now ids[3].
      const second = (await draws.target(tx, POOL, "common", wordFor(2, 9)))!;
      expect(second).toEqual({ id: ids[3], index: 2, size: 9 });
      // The claim from ids[3] shifted to ids[5]: ids[3] and ids[4] were gone.
      draws.claimed("common", second, ids[5]!);
      expect(await draws.target(tx, POOL, "common", 0)).toMatchObject({ id: ids[0], size: 6 });
      // Left: ids 1, 6 .. 9.
      expect(await draws.target(tx, POOL, "common", wordFor(2, 5))).toMatchObject({
        id: ids[7],
        size: 5,
      });
    });
  });

  it("after a claim that wrapped, takes off the target to the end and the start to the claimed slab", async () => {
    const { packId, ids } = await tenSlabPack();
    const draws = new TierLists(packId).batch();
    await db.db.transaction(async (tx) => {
      const target = (await draws.target(tx, POOL, "common", wordFor(8, 10)))!;
      expect(target.id).toBe(ids[8]);
      draws.claimed("common", target, ids[1]!);
      // Left: ids 2 .. 7.
      expect(await draws.target(tx, POOL, "common", 0)).toEqual({ id: ids[2], index: 0, size: 6 });
      expect(await draws.target(tx, POOL, "common", TWO_POW_32 - 1)).toMatchObject({ id: ids[7] });
    });
  });

  it("reads a tier again once its list is old, empty, after a rollback or of another pool commitment", async () => {
    const { packId, ids } = await tenSlabPack();
    let now = 1_000_000;
    const lists = new TierLists(packId, () => now);
    let draws = lists.batch();
    await rolledBack(async (tx) => {
      expect(await draws.target(tx, POOL, "common", 0)).toMatchObject({ id: ids[0], size: 10 });
      await pullElsewhere(tx, ids[1]!);
      // The list does not know of the pull elsewhere until it is read again.
      now += TIER_LIST_TTL_MS - 1;
      expect(await draws.target(tx, POOL, "common", 0)).toMatchObject({ id: ids[1], size: 9 });
      await pullElsewhere(tx, ids[2]!);
      now += 1;
      // Read again: ids[2] is gone, and ids[0] and ids[1], drawn by this batch, are left out.
      expect(await draws.target(tx, POOL, "common", 0)).toMatchObject({ id: ids[3], size: 7 });

      await pullElsewhere(tx, ids[4]!);
      // A batch that rolled back has every list read again, with nothing it drew left out.
      draws.end(false);
      draws = lists.batch();
      expect(await draws.target(tx, POOL, "common", 0)).toMatchObject({ id: ids[0], size: 7 });
      await pullElsewhere(tx, ids[3]!);
      // In the pool: ids 0, 5 .. 9, of which this batch drew ids[0].
      expect(await draws.target(tx, "a new pool", "common", 0)).toMatchObject({
        id: ids[5],
        size: 5,
      });

      // A claim that found no free slab empties the list: the tier is read again.
      const target = (await draws.target(tx, "a new pool", "common", 0))!;
      expect(target).toMatchObject({ id: ids[6], size: 4 });
      await pullElsewhere(tx, ids[8]!);
      draws.claimed("common", target, null);
      expect(await draws.target(tx, "a new pool", "common", 0)).toMatchObject({
        id: ids[7],
        size: 2,
      });
      await pullElsewhere(tx, ids[9]!);
      const last = (await draws.target(tx, "a new pool", "common", 0))!;
      expect(last).toMatchObject({ id: ids[9], size: 1 });
      draws.claimed("common", last, null);
      expect(await draws.target(tx, "a new pool", "common", 0)).toBeNull();
    });
  });

  it("leaves out of a read the slabs claimed by batches not yet ended", async () => {
    const { packId, ids } = await tenSlabPack();
    let now = 1_000_000;
    const lists = new TierLists(packId, () => now);
    const first = lists.batch();
    const second = lists.batch();
    await db.db.transaction(async (tx) => {
      const target = (await first.target(tx, POOL, "common", 0))!;
      // The first batch claimed ids[0]; until it commits, a read still sees it in the pool.
      first.claimed("common", target, ids[0]!);
      now += TIER_LIST_TTL_MS;
      expect(await second.target(tx, POOL, "common", 0)).toMatchObject({ id: ids[1], size: 9 });
      first.end(true);
      now += TIER_LIST_TTL_MS;
      // Here nothing was claimed for real: the read lists it again once the batch ended (and
      // leaves out ids[1], which the second batch drew).
      expect(await second.target(tx, POOL, "common", 0)).toMatchObject({ id: ids[0], size: 9 });
    });
  });
});
