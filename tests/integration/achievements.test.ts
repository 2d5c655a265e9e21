// Reward points and achievements (docs/product/rewards.md): each earning rule through the
// domain action that earns it, the catalogue against its rules, and an achievement unlocked
// once under 20 parallel qualifying actions (a real race on PostgreSQL, a queue on PGlite).
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addToCart } from "~/.server/cart/cart";
import { achievements, rewardTransactions, rewards, userAchievements } from "~/.server/db/schema";
import { confirmReceipt, markShipped } from "~/.server/market/escrow";
import { createListing } from "~/.server/market/listings";
import { buyNow } from "~/.server/market/settlement";
import { checkout } from "~/.server/orders/checkout";
import { openPack } from "~/.server/packs/opening";
import { ACHIEVEMENT_RULES } from "~/.server/rewards/achievement-rules";
import { acceptBuyback } from "~/.server/vault/buyback";
import {
  as,
  expectRewardLedgerBalanced,
  makeCollector,
  makeProduct,
  type Collector,
} from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { buyerWith, listCard, listPhysical, listingForm, vaultCard } from "../helpers/market";
import { expectLedgerBalanced, fund, fundedCollector, makePack, settle } from "../helpers/packs";
import { openingsAtOnce } from "../helpers/pulls";
import { parsed } from "../helpers/forms";
import { springfieldCheckout } from "../helpers/shipping";
import { createListingSchema, shipmentSchema } from "~/lib/schemas/market";

const db = databaseForFile();

/** The catalogue's points of an achievement (migration 0005). */
async function pointsOfAchievement(id: string): Promise<number> {
  const [row] = await db.db
    .select({ points: achievements.points })
    .from(achievements)
    .where(eq(achievements.id, id));
  return row!.points;
}

/** The user's rewards row (0 and 0 without one). */
async function balanceOf(user: Collector) {
  const [row] = await db.db.select().from(rewards).where(eq(rewards.userId, user.id));
  return { points: row?.points ?? 0, totalEarned: row?.totalEarned ?? 0 };
}

/**
 * A new collector funded with exactly `priceCents` who opened one pack of a new 5-unit pack at
 * that price (the arrange of the pack-opening rules): the opener and the pull.
 */
async function openedOnePack(priceCents: number) {
  const packId = await makePack(db, { priceCents, availableCount: 5 });
  const opener = await fundedCollector(db, priceCents);
  const pull = await openPack(as(db, opener), { packId, idempotencyKey: randomUUID() });
  return { opener, pull };
}

/** The user's reward ledger entries, oldest first. */
const entriesOf = (user: Collector) =>
  db.db
    .select()
    .from(rewardTransactions)
    .where(eq(rewardTransactions.userId, user.id))
    .orderBy(asc(rewardTransactions.id));

/** The ids of the achievements the user holds. */
async function unlockedBy(user: Collector): Promise<string[]> {
  const rows = await db.db
    .select({ id: userAchievements.achievementId })
    .from(userAchievements)
    .where(eq(userAchievements.userId, user.id));
  return rows.map((row) => row.id).sort();
}

/** Every ledger entry of an achievement carries its catalogue points, once per unlock. */
async function expectAchievementEntriesMatch(user: Collector) {
  const held = await unlockedBy(user);
  const entries = (await entriesOf(user)).filter((entry) => entry.type === "achievement");
  expect(entries.map((entry) => entry.reference).sort()).toEqual(
    held.map((id) => `achievement:${id}`),
  );
  for (const entry of entries) {
    const id = entry.reference!.replace("achievement:", "");
    expect(entry.points, `points of ${id}`).toBe(await pointsOfAchievement(id));
  }
}

describe("the achievement catalogue", () => {
  it("has a rule for every achievement and an achievement for every rule", async () => {
    const ids = (await db.db.select({ id: achievements.id }).from(achievements)).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(15);
    expect([...ids].sort()).toEqual(Object.keys(ACHIEVEMENT_RULES).sort());
  });

  it("gives every achievement a name, a description, positive points and a known category", async () => {
    for (const achievement of await db.db.select().from(achievements)) {
      expect(achievement.name.length, achievement.id).toBeGreaterThan(0);
      expect(achievement.description.length, achievement.id).toBeGreaterThan(0);
      expect(achievement.points, achievement.id).toBeGreaterThan(0);
      expect(["packs", "marketplace", "vault", "other"]).toContain(achievement.category);
    }
  });
});

describe("earning rules", () => {
  it("a store order earns 1 point per whole dollar (floored) and 'Shopper' its points", async () => {
    const productId = await makeProduct(db, { name: "Foil Binder", priceCents: 1_999, stock: 5 });
    const shopper = await makeCollector(db);
    await addToCart(as(db, shopper), { productId });

    await fund(db, shopper.id, 100_000);
    const order = await checkout(as(db, shopper), {
      ...springfieldCheckout("Sam Shopper"),
    });

    const shopperPoints = await pointsOfAchievement("first_order");
    expect(order.pointsAwarded).toBe(19);
    expect(order.achievements).toEqual([
      { id: "first_order", name: "Shopper", points: shopperPoints },
    ]);
    const entries = await entriesOf(shopper);
    expect(entries.map((e) => [e.type, e.points])).toEqual([
      ["purchase", 19],
      ["achievement", shopperPoints],
    ]);
    expect(entries[0]).toMatchObject({ orderId: order.orderId, description: "Purchase of $19.99" });
    expect(await balanceOf(shopper)).toEqual({
      points: 19 + shopperPoints,
      totalEarned: 19 + shopperPoints,
    });
    await expectRewardLedgerBalanced(db);
  });

  it("a pack opening earns 1 point per whole dollar of its price and unlocks 'First Pull'", async () => {
    const { opener, pull } = await openedOnePack(2_599);

    expect(pull.pointsEarned).toBe(25);
    expect(pull.achievements.map((a) => a.id)).toContain("first_pull");
    const entries = await entriesOf(opener);
    const opening = entries.filter((e) => e.type === "pack_opening");
    expect(opening).toEqual([
      expect.objectContaining({ points: 25, reference: `pack_opening:${pull.openingId}` }),
    ]);
    // The draw decides the rest (a rare or a 10.0 unlock more): whatever it is, it is paid once.
    const unlocked = pull.achievements.reduce((sum, a) => sum + a.points, 0);
    expect(await unlockedBy(opener)).toEqual(pull.achievements.map((a) => a.id).sort());
    await expectAchievementEntriesMatch(opener);
    expect(await balanceOf(opener)).toEqual({ points: 25 + unlocked, totalEarned: 25 + unlocked });
    await expectLedgerBalanced(db);
    await expectRewardLedgerBalanced(db);
  });

  it("a pack under a dollar earns no points, and the opening still unlocks 'First Pull'", async () => {
    const { opener, pull } = await openedOnePack(99);

    expect(pull.pointsEarned).toBe(0);
    expect((await entriesOf(opener)).filter((e) => e.type === "pack_opening")).toEqual([]);
    expect(await unlockedBy(opener)).toContain("first_pull");
  });

  it("a card sold on the marketplace pays the seller its points at once, not the buyer", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller, { valueCents: 2_000 });
    const listingId = await listCard(db, seller, cardId, "30.50");
    const buyer = await buyerWith(db, 3_050);

    const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: 3_050 });

    expect(sale.status).toBe("completed");
    const sellerEntries = await entriesOf(seller);
    expect(sellerEntries.filter((e) => e.type === "sale")).toEqual([
      expect.objectContaining({ points: 30, reference: `transaction:${sale.transactionId}` }),
    ]);
    expect(await unlockedBy(seller)).toEqual(["first_listing", "first_sale"]);
    await expectAchievementEntriesMatch(seller);
    const listing = await pointsOfAchievement("first_listing");
    const firstSale = await pointsOfAchievement("first_sale");
    expect(await balanceOf(seller)).toEqual({
      points: 30 + listing + firstSale,
      totalEarned: 30 + listing + firstSale,
    });
    // Buying earns the buyer nothing (the sale's points go to the seller).
    expect(await entriesOf(buyer)).toEqual([]);
    await expectRewardLedgerBalanced(db);
  });

  it("a physical item sold through escrow pays the seller's points only when the escrow is released", async () => {
    const seller = await makeCollector(db);
    const listingId = await listPhysical(db, seller, "20.00");
    const buyer = await buyerWith(db, 2_000);
    const sale = await buyNow(as(db, buyer), { listingId, expectedPriceCents: 2_000 });
    const saleEntries = async () => (await entriesOf(seller)).filter((e) => e.type === "sale");

    expect(sale.status).toBe("awaiting_shipment");
    expect(await saleEntries()).toEqual([]);
    await markShipped(
      as(db, seller),
      parsed(shipmentSchema, {
        transactionId: String(sale.transactionId),
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
      }),
    );
    expect(await saleEntries()).toEqual([]);
    expect(await unlockedBy(seller)).toEqual(["first_listing"]);

    await confirmReceipt(as(db, buyer), { transactionId: sale.transactionId });

    expect(await saleEntries()).toEqual([
      expect.objectContaining({ points: 20, reference: `transaction:${sale.transactionId}` }),
    ]);
    expect(await unlockedBy(seller)).toEqual(["first_listing", "first_sale"]);
    await expectAchievementEntriesMatch(seller);
    await expectRewardLedgerBalanced(db);
  });

  it("an achievement pays its catalogue points once, as an 'achievement' ledger entry", async () => {
    const lister = await makeCollector(db);
    const first = await createListing(
      as(db, lister),
      parsed(createListingSchema, listingForm({ title: "Sealed box one" })),
    );
    const second = await createListing(
      as(db, lister),
      parsed(createListingSchema, listingForm({ title: "Sealed box two" })),
    );

    const points = await pointsOfAchievement("first_listing");
    expect(first.achievements).toEqual([
      { id: "first_listing", name: "Open for Business", points },
    ]);
    expect(second.achievements).toEqual([]);
    expect(await entriesOf(lister)).toEqual([
      expect.objectContaining({
        type: "achievement",
        points,
        reference: "achievement:first_listing",
        description: "Achievement: Open for Business",
      }),
    ]);
    expect(await balanceOf(lister)).toEqual({ points, totalEarned: points });
  });

  it("never lowers total earned: it only grows with each award, whatever the user does", async () => {
    const packId = await makePack(db, { priceCents: 1_000, availableCount: 10 });
    const user = await fundedCollector(db, 3_000);
    const seen: number[] = [(await balanceOf(user)).totalEarned];
    for (let i = 0; i < 3; i++) {
      const pull = await openPack(as(db, user), { packId, idempotencyKey: randomUUID() });
      seen.push((await balanceOf(user)).totalEarned);
      // Selling the pulled card back does not take points away.
      await acceptBuyback(as(db, user), { offerId: pull.buyback.offerId });
      seen.push((await balanceOf(user)).totalEarned);
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(seen.at(-1)).toBeGreaterThan(seen[0]!);
    // The cached total is everything the ledger ever credited.
    const [credited] = await db.db
      .select({ sum: sql<string>`coalesce(sum(${rewardTransactions.points}), 0)` })
      .from(rewardTransactions)
      .where(and(eq(rewardTransactions.userId, user.id), sql`${rewardTransactions.points} > 0`));
    expect((await balanceOf(user)).totalEarned).toBe(Number(credited!.sum));
    await expectRewardLedgerBalanced(db);
  });

  it("rewards no instant sell-back: accepting a buyback unlocks no achievement", async () => {
    const packId = await makePack(db, { priceCents: 1_000, availableCount: 10 });
    const user = await fundedCollector(db, 1_000);
    const pull = await openPack(as(db, user), { packId, idempotencyKey: randomUUID() });
    const before = await unlockedBy(user);
    await acceptBuyback(as(db, user), { offerId: pull.buyback.offerId });
    expect(await unlockedBy(user)).toEqual(before);
    const catalogue = await db.db.select({ name: achievements.name }).from(achievements);
    expect(catalogue.map((a) => a.name)).not.toContain("Quick Flip");
  });

  it("refuses a rewards row whose total earned would go below zero (database check)", async () => {
    const user = await makeCollector(db);
    await expect(
      db.db.insert(rewards).values({ userId: user.id, points: 0, totalEarned: -1 }),
    ).rejects.toThrow();
  });
});

describe("unlocking under concurrency", () => {
  it("unlocks 'First Pull' once, with its points once, for 20 first openings at once", async () => {
    const packId = await makePack(db, { priceCents: 1_000, availableCount: 40 });
    const user = await fundedCollector(db, 20 * 1_000);

    const pulls = await Promise.all(openingsAtOnce(db, user, packId, 20));

    expect(new Set(pulls.map((p) => p.openingId)).size).toBe(20);
    const firsts = pulls.filter((p) => p.achievements.some((a) => a.id === "first_pull"));
    expect(firsts).toHaveLength(1);
    // 10 pulls is reached once too.
    expect(pulls.filter((p) => p.achievements.some((a) => a.id === "ten_pulls"))).toHaveLength(1);
    const held = await db.db
      .select()
      .from(userAchievements)
      .where(
        and(eq(userAchievements.userId, user.id), eq(userAchievements.achievementId, "first_pull")),
      );
    expect(held).toHaveLength(1);
    expect(held[0]!.source).toBe(`pack_opening:${firsts[0]!.openingId}`);
    const paid = (await entriesOf(user)).filter((e) => e.reference === "achievement:first_pull");
    expect(paid).toHaveLength(1);
    expect(paid[0]!.points).toBe(await pointsOfAchievement("first_pull"));
    expect((await entriesOf(user)).filter((e) => e.type === "pack_opening")).toHaveLength(20);
    await expectAchievementEntriesMatch(user);
    await expectLedgerBalanced(db);
    await expectRewardLedgerBalanced(db);
  });

  it("unlocks 'Open for Business' once for 20 first listings at once", async () => {
    const seller = await makeCollector(db);
    const cards = await Promise.all(Array.from({ length: 20 }, () => vaultCard(db, seller)));

    const { fulfilled, rejected } = await settle(
      cards.map((cardId, i) =>
        createListing(
          as(db, seller),
          parsed(
            createListingSchema,
            listingForm({ title: `Graded card ${i}`, cardId: String(cardId) }),
          ),
        ),
      ),
    );

    expect(rejected).toEqual([]);
    expect(fulfilled).toHaveLength(20);
    expect(fulfilled.filter((listing) => listing.achievements.length > 0)).toHaveLength(1);
    expect(await unlockedBy(seller)).toEqual(["first_listing"]);
    const points = await pointsOfAchievement("first_listing");
    expect(await entriesOf(seller)).toHaveLength(1);
    expect(await balanceOf(seller)).toEqual({ points, totalEarned: points });
    await expectRewardLedgerBalanced(db);
  });
});
