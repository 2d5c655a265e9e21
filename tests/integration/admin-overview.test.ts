import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadAdminOverview, OVERVIEW_DAYS } from "~/.server/admin/overview";
import {
  orders,
  redemptions,
  submissionRequests,
  tradeRequests,
  transactions,
} from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import { makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { buyerWith, buyOffer, listCard, listedCard, vaultCard } from "../helpers/market";
import { asAt, fundedCollector, makePack } from "../helpers/packs";

const NOW = new Date("2026-11-20T15:00:00Z");
const daysAgo = (n: number, hour = 12) => new Date(Date.UTC(2026, 10, 20 - n, hour, 0, 0));

const db = databaseForFile();

const asAdmin = () => db.ctx({ actor: { userId: "staff", role: "admin" }, now: NOW });

describe("the Overview tab", () => {
  it("starts at zero: eight counters and 30 empty days ending today (UTC)", async () => {
    const { counters, days } = await loadAdminOverview(asAdmin());
    expect(Object.values(counters)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(days).toHaveLength(OVERVIEW_DAYS);
    expect(days[0]!.day).toBe("2026-10-22");
    expect(days.at(-1)).toEqual({
      day: "2026-11-20",
      packOpenings: 0,
      packSalesCents: 0,
      storeOrdersCents: 0,
      marketVolumeCents: 0,
      marketFeesCents: 0,
    });
  });

  it("counts users, cards, listings, sales, openings, redemptions, pending offers and submissions", async () => {
    // Two pack openings today ($25 each): 2 cards.
    const opener = await fundedCollector(db, 100_00);
    const packId = await makePack(db, { priceCents: 2_500 });
    for (let i = 0; i < 2; i++) {
      await openPack(asAt(db, opener, NOW), { packId, idempotencyKey: randomUUID() });
    }
    // A listed card with a pending buy offer, and a pending trade request: 2 pending offers.
    const { seller, listingId } = await listedCard(db, "40.00");
    const buyer = await buyerWith(db, 100_00);
    await buyOffer(db, buyer, listingId, "30.00");
    await db.db
      .insert(tradeRequests)
      .values({ listingId, fromUserId: buyer.id, toUserId: seller.id, message: "Trade?" });
    // A sale 3 days ago ($50, $7.50 fee) and a refunded one (left out of the volume).
    const other = await makeCollector(db);
    const soldListing = await listCard(db, other, await vaultCard(db, other), "50.00");
    const refundedListing = await listCard(db, other, await vaultCard(db, other), "10.00");
    await db.db.insert(transactions).values([
      {
        listingId: soldListing,
        buyerId: buyer.id,
        sellerId: other.id,
        transactionAmountCents: 5_000,
        platformFeeCents: 750,
        sellerAmountCents: 4_250,
        status: "completed",
        createdAt: daysAgo(3),
      },
      {
        listingId: refundedListing,
        buyerId: buyer.id,
        sellerId: other.id,
        transactionAmountCents: 1_000,
        platformFeeCents: 150,
        sellerAmountCents: 850,
        status: "refunded",
        createdAt: daysAgo(3),
      },
    ]);
    // Store orders: one yesterday, one 40 days ago (outside the window).
    await db.db.insert(orders).values([
      { userId: buyer.id, totalCents: 1_999, idempotencyKey: randomUUID(), createdAt: daysAgo(1) },
      { userId: buyer.id, totalCents: 9_999, idempotencyKey: randomUUID(), createdAt: daysAgo(40) },
    ]);
    const redeemed = await vaultCard(db, other);
    await db.db.insert(redemptions).values({
      userId: other.id,
      cardId: redeemed,
      shippingName: "Other",
      shippingAddress: "1 Main St",
      shippingCity: "Springfield",
      shippingState: "IL",
      shippingZip: "62701",
    });
    await db.db.insert(submissionRequests).values({
      userId: other.id,
      itemName: "Signed comic",
      itemDescription: "A signed first issue",
      category: "Comics",
    });

    const { counters, days } = await loadAdminOverview(asAdmin());
    expect(counters).toEqual({
      totalUsers: 4,
      totalCards: 2 + 1 + 3,
      activeListings: 3,
      totalTransactions: 2,
      packsOpened: 2,
      redemptions: 1,
      pendingOffers: 2,
      submissions: 1,
    });
    const byDay = new Map(days.map((d) => [d.day, d]));
    expect(byDay.get("2026-11-20")).toMatchObject({ packOpenings: 2, packSalesCents: 5_000 });
    expect(byDay.get("2026-11-19")).toMatchObject({ storeOrdersCents: 1_999 });
    expect(byDay.get("2026-11-17")).toMatchObject({
      marketVolumeCents: 5_000,
      marketFeesCents: 750,
    });
    const sum = (key: "storeOrdersCents" | "marketVolumeCents") =>
      days.reduce((total, d) => total + d[key], 0);
    expect(sum("storeOrdersCents")).toBe(1_999);
    expect(sum("marketVolumeCents")).toBe(5_000);
  });

  it("is staff only", async () => {
    await expect(
      loadAdminOverview(db.ctx({ actor: { userId: "u", role: "user" } })),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(loadAdminOverview(db.ctx())).rejects.toMatchObject({ code: "forbidden" });
  });
});
