// Auction sales and standing-bid fills are sales like any other (docs/decisions/045 and 046):
// each writes ONE completed `transactions` row naming its source, shows in both parties' Sales
// and the staff's transactions, and earns the seller a point per whole dollar exactly once.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listTransactions } from "~/.server/admin/transactions";
import { settleAuction } from "~/.server/auctions/settle-auction";
import { fillStandingBid } from "~/.server/auctions/fill-standing-bid";
import { placeStandingBid } from "~/.server/auctions/place-standing-bid";
import { rewardTransactions, transactions } from "~/.server/db/schema";
import { loadOfferInbox } from "~/.server/market/inbox";
import { loadVault } from "~/.server/vault/vault";
import { standingBidSchema } from "~/lib/schemas/auctions";
import {
  at,
  bid,
  catalogueCard,
  DAY,
  expectLedgerAndAuctionsConsistent,
  ownedSlab,
  startAuction,
  T0,
} from "../helpers/auctions";
import { makeCollector } from "../helpers/commerce";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { parsed } from "../helpers/forms";
import { buyerWith, vaultCard } from "../helpers/market";
import { asAt, settle } from "../helpers/packs";

const db = databaseForFile();
const admin = staffForFile(db, "admin");

/** The seller's 'sale' points and their references. */
const salePointsOf = (userId: string) =>
  db.db
    .select({ points: rewardTransactions.points, reference: rewardTransactions.reference })
    .from(rewardTransactions)
    .where(eq(rewardTransactions.userId, userId));

describe("an auction sale", () => {
  it("is one completed transaction in both parties' Sales and the staff's list, and earns its points once", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller);
    const auctionId = await startAuction(asAt(db, seller, T0), cardId, { startPrice: "10" });
    const a = await buyerWith(db, 20_000);
    const b = await buyerWith(db, 20_000);
    await bid(asAt(db, a, at(1_000)), auctionId, "40.50");
    await bid(asAt(db, b, at(2_000)), auctionId, "90");
    // The close job on two instances at once: one settles.
    const closes = await settle(
      [1, 2].map(() => settleAuction(db.ctx({ now: at(DAY) }), auctionId)),
    );
    expect(closes.fulfilled.filter(Boolean)).toHaveLength(1);

    const rows = await db.db
      .select()
      .from(transactions)
      .where(eq(transactions.auctionId, auctionId));
    expect(rows).toEqual([
      expect.objectContaining({
        listingId: null,
        standingBidId: null,
        buyerId: b.id,
        sellerId: seller.id,
        transactionAmountCents: 4_250,
        platformFeeCents: 638,
        sellerAmountCents: 3_612,
        status: "completed",
        completedAt: at(DAY),
      }),
    ]);
    const sale = rows[0]!;
    const sellerSales = (await loadOfferInbox(asAt(db, seller, at(DAY + 1)))).transactions;
    expect(sellerSales).toEqual([
      expect.objectContaining({
        id: sale.id,
        href: `/auctions/${auctionId}`,
        listingTitle: expect.any(String),
        role: "seller",
        amountCents: 4_250,
        status: "completed",
      }),
    ]);
    // What the winner paid is what the card cost them (their portfolio).
    const won = (await loadVault(asAt(db, b, at(DAY + 1)))).cards.find((c) => c.id === cardId);
    expect(won?.worth.paidCents).toBe(4_250);
    const buyerSales = (await loadOfferInbox(asAt(db, b, at(DAY + 1)))).transactions;
    expect(buyerSales).toEqual([expect.objectContaining({ id: sale.id, role: "buyer" })]);
    const staff = await listTransactions(db.ctx({ actor: { userId: admin.id, role: "admin" } }), {
      page: 1,
      q: "",
    });
    expect(staff.rows).toContainEqual(
      expect.objectContaining({
        id: sale.id,
        listingId: null,
        listingTitle: sellerSales[0]!.listingTitle,
      }),
    );
    // One point per whole dollar ($42.50, one $2 increment above $40.50: 42), once, under the sale's reference.
    expect(await salePointsOf(seller.id)).toContainEqual({
      points: 42,
      reference: `transaction:${sale.id}`,
    });
    expect(
      (await salePointsOf(seller.id)).filter((row) => row.reference === `transaction:${sale.id}`),
    ).toHaveLength(1);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("writes no transaction when the reserve is not met or nobody bid", async () => {
    const seller = await makeCollector(db);
    const cardId = await vaultCard(db, seller);
    const auctionId = await startAuction(asAt(db, seller, T0), cardId, { startPrice: "10" });
    expect(await settleAuction(db.ctx({ now: at(DAY) }), auctionId)).toBe(true);
    expect(
      await db.db.select().from(transactions).where(eq(transactions.auctionId, auctionId)),
    ).toEqual([]);
  });
});

describe("a standing bid filled", () => {
  it("is one completed transaction in both parties' Sales, earning its points once, though 20 owners tried", async () => {
    const catalogueId = await catalogueCard(db);
    const bidder = await buyerWith(db, 100_000);
    const { bidId } = await placeStandingBid(
      asAt(db, bidder, T0),
      parsed(standingBidSchema, {
        cardId: String(catalogueId),
        grader: "PSA",
        minGrade: "9",
        amount: "120",
        days: "7",
      }),
    );
    const owners = await Promise.all(Array.from({ length: 20 }, () => makeCollector(db)));
    const slabs = await Promise.all(owners.map((owner) => ownedSlab(db, owner, { catalogueId })));
    const fills = await settle(
      owners.map((owner, i) =>
        fillStandingBid(asAt(db, owner, at(1_000)), {
          bidId,
          userCardId: slabs[i]!,
          expectedAmountCents: 12_000,
        }),
      ),
    );
    expect(fills.fulfilled).toHaveLength(1);
    const rows = await db.db
      .select()
      .from(transactions)
      .where(eq(transactions.standingBidId, bidId));
    expect(rows).toHaveLength(1);
    const sale = rows[0]!;
    expect(sale).toMatchObject({
      listingId: null,
      auctionId: null,
      buyerId: bidder.id,
      transactionAmountCents: 12_000,
      platformFeeCents: 1_800,
      sellerAmountCents: 10_200,
      status: "completed",
    });
    const seller = owners.find((owner) => owner.id === sale.sellerId)!;
    expect((await loadOfferInbox(asAt(db, seller, at(2_000)))).transactions).toEqual([
      expect.objectContaining({
        id: sale.id,
        href: `/auctions/cards/${catalogueId}`,
        listingTitle: "Test Charizard",
        role: "seller",
      }),
    ]);
    const bought = (await loadVault(asAt(db, bidder, at(2_000)))).cards;
    expect(bought.map((card) => [card.id, card.worth.paidCents])).toEqual([
      [slabs[owners.indexOf(seller)], 12_000],
    ]);
    expect((await loadOfferInbox(asAt(db, bidder, at(2_000)))).transactions).toEqual([
      expect.objectContaining({ id: sale.id, role: "buyer" }),
    ]);
    expect(await salePointsOf(seller.id)).toContainEqual({
      points: 120,
      reference: `transaction:${sale.id}`,
    });
    expect(
      (await salePointsOf(seller.id)).filter((row) => row.reference?.startsWith("transaction:")),
    ).toHaveLength(1);
    await expectLedgerAndAuctionsConsistent(db);
  });
});
