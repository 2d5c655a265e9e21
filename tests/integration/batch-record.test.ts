// A batch's openings recorded in one statement (docs/decisions/066-a-batch-recorded-in-one-
// statement.md): each opening claims exactly the slab its draw targeted and writes what an
// opening alone writes; an opening whose target is gone writes nothing; a wallet that cannot pay
// refuses the statement. Both drivers.
import { eq, sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packs, slabs } from "~/.server/db/schema";
import { activeSeedPair } from "~/.server/packs/fairness";
import { recordOpenings, type BatchedOpening } from "~/.server/packs/opening-record";
import { as, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  balanceOf,
  expectLedgerBalanced,
  fundedCollector,
  makePack,
  poolIdsOf,
  rowsOf,
} from "../helpers/packs";

const db = databaseForFile();

const ALL_COMMON = { common: 100, uncommon: 0, rare: 0, legendary: 0 };
const CARD = { category: "Trading Cards", packCategory: "Pokemon", condition: "Mint" };
const NOW = new Date("2026-11-27T12:00:00.000Z");
const EXPIRES = new Date("2026-11-28T12:00:00.000Z");

type Tx = Parameters<Parameters<typeof db.db.transaction>[0]>[0];

/** A pack of `priceCents` whose pool holds ten commons, read as an opening reads it, and its slabs' ids. */
async function tenSlabPack(priceCents: number) {
  const packId = await makePack(db, {
    priceCents,
    rarityDistribution: ALL_COMMON,
    pool: { common: 10 },
  });
  const [pack] = await db.db.select().from(packs).where(eq(packs.id, packId));
  const ids = await poolIdsOf(db, packId);
  return { pack: pack!, ids };
}

/** An opening of `collector` (their seed pair made if need be) targeting slab `id` at `index` of `size`. */
async function openingOf(
  collector: Collector,
  target: { id: number; index: number; size: number },
  mayUnlock = false,
): Promise<BatchedOpening> {
  const pair = await activeSeedPair(as(db, collector), collector.id, { lock: false });
  return {
    userId: collector.id,
    pair,
    draw: { rarity: "common", rarityRoll: 1234 },
    target,
    mayUnlock,
    key: `key-${collector.id}`,
  };
}

const record = (
  tx: Tx,
  pack: Awaited<ReturnType<typeof tenSlabPack>>["pack"],
  openings: BatchedOpening[],
) =>
  recordOpenings(tx, {
    pack,
    openings,
    card: CARD,
    offerExpiresAt: EXPIRES,
    points: Math.floor(pack.priceCents / 100),
    now: NOW,
  });

describe("a batch's openings recorded in one statement", () => {
  it("claims each opening's target and writes its card, proof, offer, points and debit", async () => {
    const { pack, ids } = await tenSlabPack(2_500);
    const buyers = await Promise.all([0, 1, 2].map(() => fundedCollector(db, 2_500)));
    const openings = [
      await openingOf(buyers[0]!, { id: ids[2]!, index: 2, size: 10 }),
      await openingOf(buyers[1]!, { id: ids[5]!, index: 4, size: 9 }),
      await openingOf(buyers[2]!, { id: ids[9]!, index: 7, size: 8 }),
    ];

    const made = await db.db.transaction((tx) => record(tx, pack, openings));

    expect([...made.keys()].sort()).toEqual(buyers.map((buyer) => buyer.id).sort());
    expect(openings.map((opening) => made.get(opening.userId)!.slab.id)).toEqual([
      ids[2],
      ids[5],
      ids[9],
    ]);
    const rows = await rowsOf<{
      user_id: string;
      slab_id: number;
      nonce: number;
      rolls: unknown;
      pair_nonce: number;
      card_slab: number;
      slab_state: string;
      offer_cents: string;
      fmv_cents: string;
      points: number;
      created_at: Date;
    }>(
      db,
      sql`SELECT po.user_id, po.slab_id, po.nonce, po.rolls, f.nonce AS pair_nonce,
            c.slab_id AS card_slab, s.state AS slab_state, b.offer_amount_cents AS offer_cents,
            s.fmv_cents, r.points, po.created_at
          FROM pack_openings po JOIN fairness_seeds f ON f.id = po.seed_id
            JOIN user_cards c ON c.id = po.card_id JOIN slabs s ON s.id = po.slab_id
            JOIN buyback_offers b ON b.card_id = c.id JOIN rewards r ON r.user_id = po.user_id
          WHERE po.pack_id = ${pack.id} ORDER BY po.slab_id`,
    );
    expect(rows.map((row) => row.user_id)).toEqual(openings.map((opening) => opening.userId));
    rows.forEach((row, i) => {
      const target = openings[i]!.target;
      expect(row.rolls).toEqual({
        rarityRoll: 1234,
        slabIndex: target.index,
        tierSize: target.size,
        shifted: false,
      });
      expect(row.nonce).toBe(0);
      expect(row.pair_nonce).toBe(1);
      expect(row.card_slab).toBe(row.slab_id);
      expect(row.slab_state).toBe("owned");
      // 90 % of the slab's FMV, rounded half up.
      expect(Number(row.offer_cents)).toBe(Math.round(Number(row.fmv_cents) * 0.9));
      expect(row.points).toBe(25);
      expect(new Date(row.created_at).toISOString()).toBe(NOW.toISOString());
    });
    for (const buyer of buyers) expect(await balanceOf(db, buyer.id)).toBe(0);
    const entries = await rowsOf<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM wallet_entries WHERE kind = 'pack_purchase'
            AND reference IN (SELECT 'pack_opening:' || id FROM pack_openings WHERE pack_id = ${pack.id})`,
    );
    expect(entries[0]!.n).toBe(6);
    const [left] = await db.db.select().from(packs).where(eq(packs.id, pack.id));
    expect(left!.availableCount).toBe(7);
    await expectLedgerBalanced(db, new Map([[pack.id, 10]]));
  });

  it("writes nothing for an opening whose target was pulled meanwhile, and records the others", async () => {
    const { pack, ids } = await tenSlabPack(2_500);
    const [kept, missed] = await Promise.all([0, 1].map(() => fundedCollector(db, 2_500)));
    const openings = [
      await openingOf(kept!, { id: ids[0]!, index: 0, size: 10 }),
      await openingOf(missed!, { id: ids[3]!, index: 2, size: 9 }),
    ];
    await db.db
      .update(slabs)
      .set({ state: "house_stock", packId: null, poolTier: null })
      .where(eq(slabs.id, ids[3]!));

    const made = await db.db.transaction((tx) => record(tx, pack, openings));

    expect([...made.keys()]).toEqual([kept!.id]);
    expect(await balanceOf(db, missed!.id)).toBe(2_500);
    expect(await balanceOf(db, kept!.id)).toBe(0);
    const [pair] = await rowsOf<{ nonce: number; cards: number }>(
      db,
      sql`SELECT nonce, (SELECT count(*)::int FROM user_cards WHERE user_id = ${missed!.id}) AS cards
          FROM fairness_seeds WHERE user_id = ${missed!.id}`,
    );
    expect(pair).toEqual({ nonce: 0, cards: 0 });
  });

  it("refuses the statement with insufficient_balance when one wallet cannot pay", async () => {
    const { pack, ids } = await tenSlabPack(2_500);
    const rich = await fundedCollector(db, 2_500);
    const poor = await fundedCollector(db, 2_499);
    const openings = [
      await openingOf(rich, { id: ids[0]!, index: 0, size: 10 }),
      await openingOf(poor, { id: ids[1]!, index: 0, size: 9 }),
    ];

    await expect(db.db.transaction((tx) => record(tx, pack, openings))).rejects.toMatchObject({
      code: "insufficient_balance",
      status: 402,
    });

    expect(await balanceOf(db, rich.id)).toBe(2_500);
    const [state] = await rowsOf<{ in_pool: number }>(
      db,
      sql`SELECT count(*)::int AS in_pool FROM slabs WHERE pack_id = ${pack.id} AND state = 'in_pool'`,
    );
    expect(state!.in_pool).toBe(10);
  });

  it("under $1 awards no points and locks the rewards rows of the openers who may unlock an achievement", async () => {
    const { pack, ids } = await tenSlabPack(50);
    const [mayUnlock, cannot] = await Promise.all([0, 1].map(() => fundedCollector(db, 50)));
    const openings = [
      await openingOf(mayUnlock!, { id: ids[0]!, index: 0, size: 10 }, true),
      await openingOf(cannot!, { id: ids[1]!, index: 0, size: 9 }, false),
    ];
    const run = db.db.transaction(async (tx) => {
      const made = await record(tx, pack, openings);
      expect(made.size).toBe(2);
      const rewards = await tx.execute(
        sql`SELECT user_id, points FROM rewards WHERE user_id IN (${mayUnlock!.id}, ${cannot!.id})`,
      );
      expect((rewards as unknown as { rows: unknown[] }).rows).toEqual([
        { user_id: mayUnlock!.id, points: 0 },
      ]);
      tx.rollback();
    });
    await expect(run).rejects.toBeInstanceOf(TransactionRollbackError);
  });
});
