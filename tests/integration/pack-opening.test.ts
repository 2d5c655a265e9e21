// Opening one pack (docs/product/packs-and-fairness.md): what a pull is made of, its
// payment, its proof, its retry, and the refusals that change nothing. Races are in
// pack-races.test.ts; buyback and redemption in their own files.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  buybackOffers,
  cards,
  fairnessSeeds,
  packOpenings,
  packs,
  rewardTransactions,
  slabEvents,
  slabs,
  userCards,
} from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import { rollDigest } from "~/.server/packs/fairness";
import { loadVault } from "~/.server/vault/vault";
import { drawRulesOf, poolRollsOf, slabIndexOf } from "~/lib/fairness";
import { DEFAULT_DISTRIBUTION } from "~/lib/packs";
import { as, makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import {
  asAt,
  balanceOf,
  expectLedgerBalanced,
  fund,
  fundedCollector,
  makePack,
} from "../helpers/packs";
import { applyBasisPoints } from "~/lib/money";
import { BUYBACK_RATE_BP, BUYBACK_TTL_SECONDS } from "~/lib/rates";

const db = databaseForFile();

const T = new Date("2026-11-01T12:00:00Z");

/** What a refused opening must leave as it was. */
async function snapshot(user: Collector, packId: number) {
  return {
    balance: await balanceOf(db, user.id),
    cards: (await db.db.select().from(userCards).where(eq(userCards.userId, user.id))).length,
    openings: (await db.db.select().from(packOpenings).where(eq(packOpenings.userId, user.id)))
      .length,
    nonce:
      (await db.db.select().from(fairnessSeeds).where(eq(fairnessSeeds.userId, user.id)))[0]
        ?.nonce ?? 0,
    stock: (await db.db.select().from(packs).where(eq(packs.id, packId)))[0]?.availableCount,
  };
}

describe("openPack", () => {
  it("debits the price, takes one unit, vaults a card and offers 90% buyback", async () => {
    const user = await makeCollector(db);
    const packId = await makePack(db, { priceCents: 2_500, availableCount: 3 });
    await fund(db, user.id, 10_000);
    const pull = await openPack(as(db, user), { packId, idempotencyKey: randomUUID() });
    expect(await balanceOf(db, user.id)).toBe(7_500);
    expect(pull.card.grade).toBeGreaterThanOrEqual(8);
    expect(pull.buyback.amountCents).toBe(Math.round(pull.card.estimatedValueCents * 0.9));
    const vault = await loadVault(as(db, user));
    expect(vault.summary.cardsInVault).toBe(1);
    expect(vault.summary.activeOffers).toBe(1);
    await expectLedgerBalanced(db, new Map([[packId, 3]]));
  });

  it("pulls a slab of the pack's pool: its card, grader, cert and FMV, with its proof", async () => {
    const user = await fundedCollector(db, 10_000);
    const packId = await makePack(db, { priceCents: 10_000, availableCount: 2 });

    const pull = await openPack(asAt(db, user, T), { packId, idempotencyKey: randomUUID() });

    const { card } = pull;
    const [slab] = await db.db.select().from(slabs).where(eq(slabs.id, card.slab!.id));
    const [catalogued] = await db.db.select().from(cards).where(eq(cards.id, slab!.cardId));
    expect(card).toMatchObject({
      category: "Trading Cards",
      packCategory: "Pokemon",
      condition: "Mint",
      name: catalogued!.name,
      grade: slab!.grade,
      estimatedValueCents: slab!.fmvCents,
      certNumber: slab!.cert,
      slab: {
        grader: slab!.grader,
        cert: slab!.cert,
        verifyUrl: `https://www.psacard.com/cert/${slab!.cert}`,
      },
    });
    // The slab left the pool for its owner; its history says so.
    expect(slab).toMatchObject({ state: "owned", packId: null, poolTier: null });
    const events = await db.db
      .select()
      .from(slabEvents)
      .where(eq(slabEvents.slabId, slab!.id))
      .orderBy(slabEvents.id);
    expect(events.map((e) => [e.fromState, e.toState, e.packId])).toEqual([
      [null, "in_pool", packId],
      ["in_pool", "owned", packId],
    ]);
    expect(pull.buyback.amountCents).toBe(Math.round(slab!.fmvCents * 0.9));
    expect(pull.buyback.expiresAt).toEqual(new Date(T.getTime() + BUYBACK_TTL_SECONDS * 1000));

    const [stored] = await db.db.select().from(userCards).where(eq(userCards.id, card.id));
    expect(stored).toMatchObject({
      userId: user.id,
      status: "vaulted",
      packId,
      pulledAt: T,
      slabId: slab!.id,
    });
    const [offer] = await db.db
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.cardId, card.id));
    expect(offer).toMatchObject({ status: "pending", userId: user.id, createdAt: T });

    // The stored proof recomputes the rarity and the slab's index in its tier
    // (docs/decisions/037-slab-within-a-tier.md).
    const [opening] = await db.db
      .select()
      .from(packOpenings)
      .where(eq(packOpenings.id, pull.openingId));
    const [pair] = await db.db
      .select()
      .from(fairnessSeeds)
      .where(eq(fairnessSeeds.id, opening!.seedId));
    expect(opening).toMatchObject({
      nonce: 0,
      pricePaidCents: 10_000,
      rarityDistribution: DEFAULT_DISTRIBUTION,
      serverSeedHash: pair!.serverSeedHash,
      clientSeed: pair!.clientSeed,
      slabId: slab!.id,
    });
    expect(pair!.nonce).toBe(1);
    const rolled = poolRollsOf(
      rollDigest(pair!.serverSeed, opening!.clientSeed, 0),
      drawRulesOf({ ...opening!, priceCents: opening!.pricePaidCents }).oddsBp,
    );
    // makePack puts 2 slabs in every tier with odds, in id order.
    const tierIds = await db.db
      .select({ id: slabs.id })
      .from(slabs)
      .innerJoin(userCards, eq(userCards.slabId, slabs.id))
      .where(eq(userCards.id, card.id));
    expect(tierIds).toHaveLength(1);
    expect(card.rarity).toBe(rolled.rarity);
    expect(opening!.rolls).toEqual({
      rarityRoll: rolled.rarityRoll,
      slabIndex: slabIndexOf(rolled.slabWord, 2),
      tierSize: 2,
      shifted: false,
    });
    await expectLedgerBalanced(db, new Map([[packId, 2]]));
  });

  it("names the slab's card in the description and rounds the buyback half up to the cent", async () => {
    const user = await fundedCollector(db, 10_000);
    const packId = await makePack(db, {
      priceCents: 2_500,
      rarityDistribution: { common: 100, uncommon: 0, rare: 0, legendary: 0 },
      pool: { common: 1 },
    });
    // 90 % of 2,005 cents is 1,804.5: the offer is 1,805 (applyBasisPoints, ~/lib/money).
    const [slab] = await db.db
      .update(slabs)
      .set({ fmvCents: 2_005 })
      .where(eq(slabs.packId, packId))
      .returning();
    await db.db.update(cards).set({ variant: "Holo" }).where(eq(cards.id, slab!.cardId));
    const [card] = await db.db.select().from(cards).where(eq(cards.id, slab!.cardId));

    const pull = await openPack(as(db, user), { packId, idempotencyKey: randomUUID() });

    const description = `1999 ${card!.setName} #1 Holo`;
    expect(pull.card).toMatchObject({ description, estimatedValueCents: 2_005 });
    expect(pull.buyback.amountCents).toBe(applyBasisPoints(2_005, BUYBACK_RATE_BP));
    expect(pull.buyback.amountCents).toBe(1_805);
    const [stored] = await db.db.select().from(userCards).where(eq(userCards.id, pull.card.id));
    expect(stored).toMatchObject({ cardDescription: description, estimatedValueCents: 2_005 });
    const [offer] = await db.db
      .select()
      .from(buybackOffers)
      .where(eq(buybackOffers.cardId, pull.card.id));
    expect(offer!.offerAmountCents).toBe(1_805);
    await expectLedgerBalanced(db, new Map([[packId, 1]]));
  });

  it("returns the same pull for a retried idempotency key and charges once", async () => {
    const user = await makeCollector(db);
    const packId = await makePack(db);
    await fund(db, user.id, 5_000);
    const key = randomUUID();
    const first = await openPack(as(db, user), { packId, idempotencyKey: key });
    const again = await openPack(as(db, user), { packId, idempotencyKey: key });
    expect(again).toEqual(first);
    expect(await balanceOf(db, user.id)).toBe(2_500);
    await expectLedgerBalanced(db, new Map([[packId, 10]]));
  });

  it("refuses without funds and changes nothing", async () => {
    const user = await makeCollector(db);
    const packId = await makePack(db, { availableCount: 1 });
    await expect(
      openPack(as(db, user), { packId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({
      code: "insufficient_balance",
      message: "Insufficient balance",
      status: 402,
    });
    const cards = await db.db.select().from(userCards).where(eq(userCards.userId, user.id));
    expect(cards).toHaveLength(0);
    expect(await snapshot(user, packId)).toMatchObject({ nonce: 0, stock: 1 });
    await expectLedgerBalanced(db, new Map([[packId, 1]]));
  });

  it("refuses a visitor: 'Please log in to open packs'", async () => {
    const packId = await makePack(db, { availableCount: 1 });
    await expect(
      openPack(db.ctx({ actor: null }), { packId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({
      code: "not_signed_in",
      status: 401,
      message: "Please log in to open packs",
    });
    expect(await db.db.select().from(packOpenings).where(eq(packOpenings.packId, packId))).toEqual(
      [],
    );
    await expectLedgerBalanced(db, new Map([[packId, 1]]));
  });

  it("refuses an unknown, an inactive and a sold-out pack, and changes nothing", async () => {
    const user = await fundedCollector(db, 10_000);
    const inactive = await makePack(db, { availableCount: 5, isActive: false });
    const soldOut = await makePack(db, { availableCount: 0 });

    const unknownBefore = await snapshot(user, 987_654);
    await expect(
      openPack(as(db, user), { packId: 987_654, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: "pack_not_found", status: 404, message: "Pack not found" });
    expect(await snapshot(user, 987_654)).toEqual(unknownBefore);

    for (const packId of [inactive, soldOut]) {
      const before = await snapshot(user, packId);
      await expect(
        openPack(as(db, user), { packId, idempotencyKey: randomUUID() }),
      ).rejects.toMatchObject({
        code: "out_of_stock",
        status: 409,
        message: "Pack is out of stock",
      });
      expect(await snapshot(user, packId)).toEqual(before);
    }
    expect(await balanceOf(db, user.id)).toBe(10_000);
    await expectLedgerBalanced(
      db,
      new Map([
        [inactive, 5],
        [soldOut, 0],
      ]),
    );
  });

  it("refuses a pull whose tier has no slab left though the pack has stock, and changes nothing", async () => {
    const user = await fundedCollector(db, 10_000);
    // Every roll lands in 'uncommon', whose pool is empty; the pack's stock counts the commons.
    const packId = await makePack(db, {
      rarityDistribution: { common: 0, uncommon: 100, rare: 0, legendary: 0 },
      pool: { common: 2 },
    });
    const before = await snapshot(user, packId);
    const rewardsBefore = await db.db
      .select()
      .from(rewardTransactions)
      .where(eq(rewardTransactions.userId, user.id));

    await expect(
      openPack(as(db, user), { packId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: "out_of_stock", status: 409 });

    expect(await snapshot(user, packId)).toEqual(before);
    expect(
      await db.db.select().from(rewardTransactions).where(eq(rewardTransactions.userId, user.id)),
    ).toEqual(rewardsBefore);
    expect(
      (await db.db.select().from(slabs).where(eq(slabs.packId, packId))).map((s) => s.state),
    ).toEqual(["in_pool", "in_pool"]);
    await expectLedgerBalanced(db, new Map([[packId, 2]]));
  });
});
