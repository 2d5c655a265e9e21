// Auctions (docs/product/market.md "Auctions"; docs/decisions/045-auctions-and-standing-bids.md):
// proxy bidding, the leading maximum held and released once, soft close, the refusals that
// change nothing, and the close job settling exactly once. Races on PostgreSQL (a pool of 20):
// 50 bidders in the last second, a bid at the same instant as the close. The ledger checker
// and the auction checker run after each.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LatestSale } from "~/lib/domain/activity";
import { auctionBids, auctions, userCards } from "~/.server/db/schema";
import { registerLiveSignal } from "~/.server/live-signals";
import { settleAuction, settleDueAuctions } from "~/.server/auctions/settle-auction";
import { createListing } from "~/.server/market/listings";
import { startPause } from "~/.server/play/pause";
import { createListingSchema } from "~/lib/schemas/market";
import {
  at,
  auctionRow,
  bid,
  DAY,
  expectLedgerAndAuctionsConsistent,
  startAuction,
  T0,
  auctionSnapshot,
  notificationKindsOf,
} from "../helpers/auctions";
import { makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { parsed } from "../helpers/forms";
import {
  buyerWith,
  listingForm,
  vaultCard,
  expectRefusedUnchanged,
  type Refusal,
} from "../helpers/market";
import { asAt, balanceOf, settle } from "../helpers/packs";
import { replayBids } from "../../bench/lib/bid-replay";

const db = databaseForFile();

const MINUTE = 60_000;

/** A seller with a vaulted card up for auction from T0 for a day. */
async function openAuction(options: { startPrice?: string; reserve?: string } = {}) {
  const seller = await makeCollector(db);
  const cardId = await vaultCard(db, seller);
  const auctionId = await startAuction(asAt(db, seller, T0), cardId, options);
  return { seller, cardId, auctionId };
}

/** Two new bidders, `a` then `b`, each funded with `cents`. */
async function twoBidders(cents: number): Promise<[Collector, Collector]> {
  return [await buyerWith(db, cents), await buyerWith(db, cents)];
}

/** Expects `action` refused with `error`, every row a bid or a close could change as it was. */
const expectRefused = (action: () => Promise<unknown>, error: Refusal) =>
  expectRefusedUnchanged(db, action, error, auctionSnapshot);

const kindsOf = (userId: string) => notificationKindsOf(db, userId);

describe("starting an auction", () => {
  it("puts the vaulted card in auction, so it cannot be listed as well", async () => {
    const { seller, cardId, auctionId } = await openAuction({ startPrice: "25", reserve: "40" });
    expect(await auctionRow(db, auctionId)).toMatchObject({
      status: "open",
      startPriceCents: 2_500,
      reserveCents: 4_000,
      priceCents: 2_500,
      endsAt: at(DAY),
      scheduledEndAt: at(DAY),
    });
    const [card] = await db.db.select().from(userCards).where(eq(userCards.id, cardId));
    expect(card!.status).toBe("in_auction");
    await expect(
      createListing(
        asAt(db, seller, T0),
        parsed(createListingSchema, listingForm({ cardId: String(cardId) })),
      ),
    ).rejects.toMatchObject({ code: "card_not_vaulted" });
    await expect(startAuction(asAt(db, seller, T0), cardId)).rejects.toMatchObject({
      code: "card_not_vaulted",
      status: 409,
    });
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("refuses a card that is not the seller's", async () => {
    const owner = await makeCollector(db);
    const other = await makeCollector(db);
    const cardId = await vaultCard(db, owner);
    await expectRefused(() => startAuction(asAt(db, other, T0), cardId), {
      code: "card_not_vaulted",
      status: 409,
    });
  });
});

describe("proxy bidding", () => {
  it("shows one increment above the second maximum, holds only the leader's and releases it once when outbid", async () => {
    const { auctionId } = await openAuction({ startPrice: "10" });
    const [a, b] = await twoBidders(10_000);
    expect(await bid(asAt(db, a, at(MINUTE)), auctionId, "50")).toMatchObject({
      leading: true,
      priceCents: 1_000,
    });
    expect(await balanceOf(db, a.id)).toBe(5_000);
    // Below the leader: the price rises to one increment above it ($2 from $20), nothing held.
    expect(await bid(asAt(db, b, at(2 * MINUTE)), auctionId, "30")).toMatchObject({
      leading: false,
      priceCents: 3_200,
    });
    expect(await balanceOf(db, b.id)).toBe(10_000);
    // Above the leader: B leads at one increment above A's maximum; A's hold is back.
    expect(await bid(asAt(db, b, at(3 * MINUTE)), auctionId, "60")).toMatchObject({
      leading: true,
      priceCents: 5_200,
    });
    expect(await balanceOf(db, a.id)).toBe(10_000);
    expect(await balanceOf(db, b.id)).toBe(4_000);
    expect(await kindsOf(a.id)).toEqual(["auction.outbid"]);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("gives a tie to the earlier maximum, at that maximum", async () => {
    const { auctionId } = await openAuction({ startPrice: "10" });
    const [a, b] = await twoBidders(10_000);
    await bid(asAt(db, a, at(MINUTE)), auctionId, "50");
    expect(await bid(asAt(db, b, at(2 * MINUTE)), auctionId, "50")).toMatchObject({
      leading: false,
      priceCents: 5_000,
    });
    const auction = await auctionRow(db, auctionId);
    const [leader] = await db.db
      .select()
      .from(auctionBids)
      .where(eq(auctionBids.id, auction.leaderBidId!));
    expect(leader!.bidderId).toBe(a.id);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("lets the leader raise their maximum: the hold moves, the price stays", async () => {
    const { auctionId } = await openAuction({ startPrice: "10" });
    const a = await buyerWith(db, 10_000);
    await bid(asAt(db, a, at(MINUTE)), auctionId, "20");
    expect(await bid(asAt(db, a, at(2 * MINUTE)), auctionId, "80")).toMatchObject({
      leading: true,
      priceCents: 1_000,
      extended: false,
    });
    expect(await balanceOf(db, a.id)).toBe(2_000);
    await expectRefused(() => bid(asAt(db, a, at(3 * MINUTE)), auctionId, "80"), {
      code: "bid_too_low",
      status: 400,
      message: "Your new maximum must be above your current maximum of $80.00",
    });
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("raises the price to the reserve once the leading maximum meets it", async () => {
    const { auctionId } = await openAuction({ startPrice: "10", reserve: "40" });
    const a = await buyerWith(db, 10_000);
    expect(await bid(asAt(db, a, at(MINUTE)), auctionId, "30")).toMatchObject({
      priceCents: 1_000,
    });
    expect(await bid(asAt(db, a, at(2 * MINUTE)), auctionId, "45")).toMatchObject({
      priceCents: 4_000,
    });
    await expectLedgerAndAuctionsConsistent(db);
  });
});

describe("refused bids change nothing", () => {
  it("refuses the seller, a bid below the minimum, an ended auction, a bid above the balance and a bidder on a break", async () => {
    const { seller, auctionId } = await openAuction({ startPrice: "10" });
    const a = await buyerWith(db, 10_000);
    await bid(asAt(db, a, at(MINUTE)), auctionId, "15");
    const b = await buyerWith(db, 3_000);
    const poor = await buyerWith(db, 1_000);
    const resting = await buyerWith(db, 10_000);
    await startPause(asAt(db, resting, at(MINUTE)), { length: "24h" });
    // Each: who bids, when (ms after T0), on which auction, what maximum, and the refusal.
    const refusals: [Collector, number, number, string, Refusal][] = [
      [
        seller,
        2 * MINUTE,
        auctionId,
        "50",
        { code: "own_auction", status: 403, message: "You cannot bid on your own auction" },
      ],
      [
        b,
        2 * MINUTE,
        auctionId,
        "10.50",
        { code: "bid_too_low", status: 400, message: "Your maximum must be at least $11.00" },
      ],
      [
        b,
        2 * MINUTE,
        auctionId,
        "30.01",
        {
          code: "insufficient_balance",
          status: 402,
          message: "Your maximum is above your available balance",
        },
      ],
      // Not leading either: a maximum below the leader's must still be covered.
      [poor, 2 * MINUTE, auctionId, "12", { code: "insufficient_balance", status: 402 }],
      [resting, 2 * MINUTE, auctionId, "50", { code: "play_paused", status: 403 }],
      [
        b,
        DAY,
        auctionId,
        "20",
        { code: "auction_ended", status: 409, message: "This auction has ended" },
      ],
      [b, MINUTE, 2_000_000_000, "20", { code: "auction_not_found", status: 404 }],
    ];
    for (const [bidder, when, id, maximum, refusal] of refusals) {
      await expectRefused(() => bid(asAt(db, bidder, at(when)), id, maximum), refusal);
    }
    await expectLedgerAndAuctionsConsistent(db);
  });
});

describe("soft close", () => {
  it("moves the end to 10 minutes after a bid that raises the price in the last 10 minutes, never for one that does not", async () => {
    const { auctionId } = await openAuction({ startPrice: "10" });
    const [a, b] = await twoBidders(20_000);
    // Early bids do not move the end.
    expect(await bid(asAt(db, a, at(MINUTE)), auctionId, "50")).toMatchObject({ extended: false });
    // A leader's raise in the last minutes does not raise the price: no extension.
    expect(await bid(asAt(db, a, at(DAY - 2 * MINUTE)), auctionId, "90")).toMatchObject({
      extended: false,
      endsAt: at(DAY),
    });
    // A lower bid that raises the price 3 minutes before the end: the end is 10 minutes after it.
    expect(await bid(asAt(db, b, at(DAY - 3 * MINUTE)), auctionId, "60")).toMatchObject({
      leading: false,
      extended: true,
      endsAt: at(DAY + 7 * MINUTE),
    });
    // A refused bid does not extend.
    await expectRefused(() => bid(asAt(db, b, at(DAY + 6 * MINUTE)), auctionId, "61"), {
      code: "bid_too_low",
      status: 400,
    });
    expect((await auctionRow(db, auctionId)).endsAt).toEqual(at(DAY + 7 * MINUTE));
    // The close job leaves it open until the moved end.
    expect(await settleAuction(db.ctx({ now: at(DAY + 1) }), auctionId)).toBe(false);
    expect(await settleAuction(db.ctx({ now: at(DAY + 7 * MINUTE) }), auctionId)).toBe(true);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("signals the auction's page after each bid and the close commit, never for a refused bid", async () => {
    const { auctionId } = await openAuction({ startPrice: "10" });
    const [a, b] = await twoBidders(20_000);
    const signalled: { topic: string; key: string; endsAt: Date; status: string }[] = [];
    const unregister = registerLiveSignal(async (topic, key) => {
      // Sent after the commit: the page re-reading on it sees the new end and status.
      const row = await auctionRow(db, auctionId);
      signalled.push({ topic, key, endsAt: row.endsAt, status: row.status });
    });
    try {
      await bid(asAt(db, a, at(MINUTE)), auctionId, "50");
      await bid(asAt(db, b, at(DAY - 3 * MINUTE)), auctionId, "60");
      await expect(bid(asAt(db, a, at(DAY - 2 * MINUTE)), auctionId, "51")).rejects.toMatchObject({
        code: "bid_too_low",
      });
      expect(await settleAuction(db.ctx({ now: at(DAY + 7 * MINUTE) }), auctionId)).toBe(true);
    } finally {
      unregister();
    }
    const key = String(auctionId);
    expect(signalled.filter((signal) => signal.topic === "auction")).toEqual([
      { topic: "auction", key, endsAt: at(DAY), status: "open" },
      { topic: "auction", key, endsAt: at(DAY + 7 * MINUTE), status: "open" },
      { topic: "auction", key, endsAt: at(DAY + 7 * MINUTE), status: "sold" },
    ]);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("never moves the end more than 24 hours past the scheduled end", async () => {
    const { auctionId } = await openAuction({ startPrice: "10" });
    const [a, b] = await twoBidders(100_000);
    await bid(asAt(db, a, at(MINUTE)), auctionId, "20");
    // Late bids have already moved the end to 5 minutes before the cap.
    const nearCap = DAY + 24 * 60 * MINUTE - 5 * MINUTE;
    await db.db
      .update(auctions)
      .set({ endsAt: at(nearCap) })
      .where(eq(auctions.id, auctionId));
    expect(await bid(asAt(db, b, at(nearCap - MINUTE)), auctionId, "30")).toMatchObject({
      extended: true,
      endsAt: at(2 * DAY),
    });
    expect(await bid(asAt(db, a, at(2 * DAY - MINUTE)), auctionId, "40")).toMatchObject({
      extended: false,
      endsAt: at(2 * DAY),
    });
    await expectLedgerAndAuctionsConsistent(db);
  });
});

describe("the close", () => {
  it("settles once: the card to the winner, the seller paid less the fee, the feed and everyone told", async () => {
    const { seller, cardId, auctionId } = await openAuction({ startPrice: "10" });
    const [a, b] = await twoBidders(10_000);
    await bid(asAt(db, a, at(MINUTE)), auctionId, "40");
    await bid(asAt(db, b, at(2 * MINUTE)), auctionId, "100");
    const published: LatestSale[] = [];
    const closer = db.ctx({
      now: at(DAY),
      salesFeed: { publish: async (sale) => void published.push(sale) },
    });
    expect(await settleAuction(closer, auctionId)).toBe(true);
    expect(await settleAuction(closer, auctionId)).toBe(false);
    expect(await auctionRow(db, auctionId)).toMatchObject({
      status: "sold",
      winnerId: b.id,
      priceCents: 4_200,
      platformFeeCents: 630,
      sellerAmountCents: 3_570,
    });
    const [card] = await db.db.select().from(userCards).where(eq(userCards.id, cardId));
    expect(card).toMatchObject({ userId: b.id, status: "vaulted" });
    expect(await balanceOf(db, b.id)).toBe(10_000 - 4_200);
    expect(await balanceOf(db, a.id)).toBe(10_000);
    expect(await balanceOf(db, seller.id)).toBe(3_570);
    expect(published).toEqual([expect.objectContaining({ salePriceCents: 4_200 })]);
    expect(await kindsOf(b.id)).toEqual(["auction.won"]);
    expect((await kindsOf(a.id)).sort()).toEqual(["auction.lost", "auction.outbid"]);
    // As for any sale, the seller's first one unlocks an achievement.
    expect((await kindsOf(seller.id)).sort()).toEqual(["achievement.unlocked", "auction.ended"]);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("returns the card to the seller when the reserve is not met, releasing the leader's hold", async () => {
    const { seller, cardId, auctionId } = await openAuction({ startPrice: "10", reserve: "200" });
    const a = await buyerWith(db, 10_000);
    await bid(asAt(db, a, at(MINUTE)), auctionId, "90");
    expect(await settleAuction(db.ctx({ now: at(DAY) }), auctionId)).toBe(true);
    expect(await auctionRow(db, auctionId)).toMatchObject({ status: "unsold", winnerId: null });
    const [card] = await db.db.select().from(userCards).where(eq(userCards.id, cardId));
    expect(card).toMatchObject({ userId: seller.id, status: "vaulted" });
    expect(await balanceOf(db, a.id)).toBe(10_000);
    expect(await kindsOf(a.id)).toEqual(["auction.lost"]);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("returns the card when nobody bid", async () => {
    const { seller, cardId, auctionId } = await openAuction();
    // The close job's sweep finds it (with any other auction ended by then).
    expect(await settleDueAuctions(db.ctx({ now: at(DAY - 1) }))).toBe(0);
    expect(await settleDueAuctions(db.ctx({ now: at(DAY) }))).toBeGreaterThanOrEqual(1);
    expect(await settleAuction(db.ctx({ now: at(DAY) }), auctionId)).toBe(false);
    expect(await auctionRow(db, auctionId)).toMatchObject({ status: "unsold" });
    const [card] = await db.db.select().from(userCards).where(eq(userCards.id, cardId));
    expect(card).toMatchObject({ userId: seller.id, status: "vaulted" });
    await expectLedgerAndAuctionsConsistent(db);
  });
});

/** The winner and price a replay of the bids in commit (id) order gives. */
const replay = (auctionId: number) => replayBids(db.db, auctionId);

describe("races", () => {
  it("50 bidders in the last second: one leader, the highest maximum, the price of a replay, every outbid hold released once", async () => {
    const { auctionId } = await openAuction({ startPrice: "10" });
    const bidders: Collector[] = [];
    for (let i = 0; i < 50; i += 1) bidders.push(await buyerWith(db, 100_000));
    const { fulfilled, rejected } = await settle(
      bidders.map((bidder, i) =>
        bid(asAt(db, bidder, at(DAY - 1_000 + i)), auctionId, String(20 + ((i * 37) % 50) * 3)),
      ),
    );
    for (const error of rejected) expect(error).toMatchObject({ code: "bid_too_low" });
    expect(fulfilled.length).toBeGreaterThan(0);
    const auction = await auctionRow(db, auctionId);
    const leading = await db.db.select().from(auctionBids).where(eq(auctionBids.status, "leading"));
    expect(leading.filter((row) => row.auctionId === auctionId)).toHaveLength(1);
    const expected = await replay(auctionId);
    const [leader] = await db.db
      .select()
      .from(auctionBids)
      .where(eq(auctionBids.id, auction.leaderBidId!));
    expect(leader!.bidderId).toBe(expected.leader);
    expect(auction.priceCents).toBe(expected.priceCents);
    expect(leader!.maxCents).toBe(
      Math.max(
        ...(await db.db.select().from(auctionBids).where(eq(auctionBids.auctionId, auctionId))).map(
          (row) => row.maxCents,
        ),
      ),
    );
    await expectLedgerAndAuctionsConsistent(db);
    expect(await settleAuction(db.ctx({ now: auction.endsAt }), auctionId)).toBe(true);
    expect(await auctionRow(db, auctionId)).toMatchObject({
      status: "sold",
      winnerId: expected.leader,
      priceCents: expected.priceCents,
    });
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("a bid at the same instant as the close: either it lands first and moves the end, or it finds the auction closed", async () => {
    for (let round = 0; round < 5; round += 1) {
      const { auctionId } = await openAuction({ startPrice: "10" });
      const [a, b] = await twoBidders(10_000);
      await bid(asAt(db, a, at(MINUTE)), auctionId, "20");
      const [bidResult, closed] = await Promise.allSettled([
        bid(asAt(db, b, at(DAY - 1)), auctionId, "30"),
        settleAuction(db.ctx({ now: at(DAY) }), auctionId),
      ]);
      const auction = await auctionRow(db, auctionId);
      if (bidResult.status === "fulfilled") {
        expect(closed).toEqual({ status: "fulfilled", value: false });
        expect(auction).toMatchObject({ status: "open", endsAt: at(DAY - 1 + 10 * MINUTE) });
      } else {
        expect(bidResult.reason).toMatchObject({ code: "auction_ended" });
        expect(closed).toEqual({ status: "fulfilled", value: true });
        expect(auction).toMatchObject({ status: "sold", winnerId: a.id, priceCents: 1_000 });
      }
    }
    await expectLedgerAndAuctionsConsistent(db);
  });
});
