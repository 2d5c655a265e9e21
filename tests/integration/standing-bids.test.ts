// Standing bids (docs/product/market.md "Standing bids"; docs/decisions/045): the amount held,
// filled at once by any owner of a matching vaulted slab, cancellable until filled, expired by
// the job, cancelled when a break starts. Races on PostgreSQL: 20 owners filling one bid at
// once (exactly one fills), a fill while the bidder cancels. The ledger checker and the auction
// checker run after each.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { standingBids, userCards } from "~/.server/db/schema";
import { cancelStandingBid, expireStandingBids } from "~/.server/auctions/end-standing-bids";
import { fillStandingBid } from "~/.server/auctions/fill-standing-bid";
import { placeStandingBid } from "~/.server/auctions/place-standing-bid";
import { startPause } from "~/.server/play/pause";
import { standingBidSchema } from "~/lib/schemas/auctions";
import {
  at,
  catalogueCard,
  DAY,
  expectLedgerAndAuctionsConsistent,
  ownedSlab,
  T0,
  auctionSnapshot,
  notificationKindsOf,
} from "../helpers/auctions";
import { makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { parsed } from "../helpers/forms";
import { buyerWith, expectRefusedUnchanged, type Refusal } from "../helpers/market";
import { asAt, balanceOf, settle } from "../helpers/packs";

const db = databaseForFile();

/** `bidder` bids `amount` dollars for `catalogueId` by PSA at `minGrade` or better, for 7 days. */
const standingBid = (
  bidder: Collector,
  catalogueId: number,
  { amount = "80", minGrade = "9", grader = "PSA", days = "7", now = T0 } = {},
) =>
  placeStandingBid(
    asAt(db, bidder, now),
    parsed(standingBidSchema, { cardId: String(catalogueId), grader, minGrade, amount, days }),
  );

/** A new bidder funded with $100 and their standing bid (`options` as above) on a new card. */
async function bidOnNewCard(options: Parameters<typeof standingBid>[2] = {}) {
  const catalogueId = await catalogueCard(db);
  const bidder = await buyerWith(db, 10_000);
  const { bidId } = await standingBid(bidder, catalogueId, options);
  return { catalogueId, bidder, bidId };
}

/**
 * `seller` fills bid `bidId` with their vault card `userCardId` at `now` (default 1 s after T0),
 * expecting it to pay `expectedAmountCents` (default $80).
 */
const fill = (
  seller: Collector,
  bidId: number,
  userCardId: number,
  { expectedAmountCents = 8_000, now = at(1_000) } = {},
) => fillStandingBid(asAt(db, seller, now), { bidId, userCardId, expectedAmountCents });

const bidRow = async (id: number) =>
  (await db.db.select().from(standingBids).where(eq(standingBids.id, id)))[0]!;

/** Expects `action` refused with `error`, every row a bid could change as it was. */
const expectRefused = (action: () => Promise<unknown>, error: Refusal) =>
  expectRefusedUnchanged(db, action, error, auctionSnapshot);

describe("placing a standing bid", () => {
  it("holds the amount until it ends", async () => {
    const { bidder, bidId } = await bidOnNewCard();
    expect(await bidRow(bidId)).toMatchObject({
      status: "open",
      amountCents: 8_000,
      expiresAt: at(7 * DAY),
    });
    expect(await balanceOf(db, bidder.id)).toBe(2_000);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("refuses a bid above the available balance, on an unknown card, or during a break", async () => {
    const catalogueId = await catalogueCard(db);
    const bidder = await buyerWith(db, 5_000);
    await expectRefused(() => standingBid(bidder, catalogueId, { amount: "50.01" }), {
      code: "insufficient_balance",
      status: 402,
      message: "Your bid is above your available balance",
    });
    await expectRefused(() => standingBid(bidder, 2_000_000_000), {
      code: "card_not_found",
      status: 404,
    });
    await startPause(asAt(db, bidder, T0), { length: "24h" });
    await expectRefused(() => standingBid(bidder, catalogueId, { amount: "10" }), {
      code: "play_paused",
      status: 403,
    });
  });

  it("is cancelled, its hold released, when its bidder starts a break", async () => {
    const { bidder, bidId } = await bidOnNewCard();
    await startPause(asAt(db, bidder, at(1_000)), { length: "7d" });
    expect(await bidRow(bidId)).toMatchObject({ status: "cancelled" });
    expect(await balanceOf(db, bidder.id)).toBe(10_000);
    await expectLedgerAndAuctionsConsistent(db);
  });
});

describe("filling a standing bid", () => {
  it("sells the owner's matching slab at once: the card to the bidder, the seller paid less the fee", async () => {
    const catalogueId = await catalogueCard(db);
    const bidder = await buyerWith(db, 10_000);
    const owner = await makeCollector(db);
    const cardId = await ownedSlab(db, owner, { catalogueId, grade: 9.5, grader: "BGS" });
    const { bidId } = await standingBid(bidder, catalogueId, { grader: "BGS" });
    expect(await fill(owner, bidId, cardId)).toEqual({
      amountCents: 8_000,
      platformFeeCents: 1_200,
      sellerAmountCents: 6_800,
    });
    const [card] = await db.db.select().from(userCards).where(eq(userCards.id, cardId));
    expect(card).toMatchObject({ userId: bidder.id, status: "vaulted" });
    expect(await balanceOf(db, owner.id)).toBe(6_800);
    expect(await balanceOf(db, bidder.id)).toBe(2_000);
    expect(await bidRow(bidId)).toMatchObject({
      status: "filled",
      sellerId: owner.id,
      filledCardId: cardId,
    });
    expect(await notificationKindsOf(db, bidder.id)).toEqual(["bid.filled"]);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("refuses a slab below the minimum grade, another grader or card, the bidder's own, an expired bid and a stale amount", async () => {
    const catalogueId = await catalogueCard(db);
    const bidder = await buyerWith(db, 20_000);
    const owner = await makeCollector(db);
    const { bidId } = await standingBid(bidder, catalogueId, { minGrade: "9" });
    const low = await ownedSlab(db, owner, { catalogueId, grade: 8 });
    const otherGrader = await ownedSlab(db, owner, { catalogueId, grader: "CGC", grade: 10 });
    const otherCard = await ownedSlab(db, owner, {
      catalogueId: await catalogueCard(db),
      grade: 10,
    });
    for (const userCardId of [low, otherGrader, otherCard]) {
      await expectRefused(() => fill(owner, bidId, userCardId), {
        code: "bid_not_matching",
        status: 400,
        message: "This card does not match the bid",
      });
    }
    const good = await ownedSlab(db, owner, { catalogueId, grade: 9 });
    await expectRefused(() => fill(owner, bidId, good, { expectedAmountCents: 9_000 }), {
      code: "bid_unavailable",
      status: 409,
    });
    const bidderSlab = await ownedSlab(db, bidder, { catalogueId, grade: 10 });
    await expectRefused(() => fill(bidder, bidId, bidderSlab), {
      code: "own_bid",
      status: 403,
      message: "You cannot fill your own bid",
    });
    await expectRefused(() => fill(owner, bidId, good, { now: at(7 * DAY) }), {
      code: "bid_unavailable",
      status: 409,
      message: "This bid is no longer open",
    });
    await expectRefused(() => fill(bidder, bidId, good), { code: "card_not_vaulted", status: 409 });
    await expectLedgerAndAuctionsConsistent(db);
  });
});

describe("ending a standing bid", () => {
  it("is cancelled by its bidder only while open, releasing the hold once", async () => {
    const { bidder, bidId } = await bidOnNewCard();
    const stranger = await makeCollector(db);
    await expectRefused(() => cancelStandingBid(asAt(db, stranger, T0), { bidId }), {
      code: "bid_unavailable",
      status: 409,
    });
    await cancelStandingBid(asAt(db, bidder, T0), { bidId });
    expect(await balanceOf(db, bidder.id)).toBe(10_000);
    await expectRefused(() => cancelStandingBid(asAt(db, bidder, T0), { bidId }), {
      code: "bid_unavailable",
      status: 409,
      message: "This bid is no longer open",
    });
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("expires by the job at its expiry, hold released and bidder told", async () => {
    const { bidder, bidId } = await bidOnNewCard({ days: "1" });
    expect(await expireStandingBids(db.ctx({ now: at(DAY - 1) }))).toBe(0);
    expect(await expireStandingBids(db.ctx({ now: at(DAY) }))).toBeGreaterThanOrEqual(1);
    expect(await bidRow(bidId)).toMatchObject({ status: "expired" });
    expect(await balanceOf(db, bidder.id)).toBe(10_000);
    expect(await notificationKindsOf(db, bidder.id)).toEqual(["bid.expired"]);
    await expectLedgerAndAuctionsConsistent(db);
  });
});

describe("races", () => {
  it("20 owners filling one bid at once: exactly one sells", async () => {
    const { catalogueId, bidder, bidId } = await bidOnNewCard();
    const owners: { owner: Collector; cardId: number }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const owner = await makeCollector(db);
      owners.push({ owner, cardId: await ownedSlab(db, owner, { catalogueId }) });
    }
    const { fulfilled, rejected } = await settle(
      owners.map(({ owner, cardId }) => fill(owner, bidId, cardId)),
    );
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const error of rejected) expect(error).toMatchObject({ code: "bid_unavailable" });
    const bidderCards = await db.db.select().from(userCards).where(eq(userCards.userId, bidder.id));
    expect(bidderCards).toHaveLength(1);
    expect(await balanceOf(db, bidder.id)).toBe(2_000);
    await expectLedgerAndAuctionsConsistent(db);
  });

  it("a fill while the bidder cancels: exactly one wins", async () => {
    for (let round = 0; round < 6; round += 1) {
      const catalogueId = await catalogueCard(db);
      const bidder = await buyerWith(db, 10_000);
      const owner = await makeCollector(db);
      const cardId = await ownedSlab(db, owner, { catalogueId });
      const { bidId } = await standingBid(bidder, catalogueId);
      const [filled, cancelled] = await Promise.allSettled([
        fill(owner, bidId, cardId),
        cancelStandingBid(asAt(db, bidder, at(1_000)), { bidId }),
      ]);
      expect([filled.status, cancelled.status].sort()).toEqual(["fulfilled", "rejected"]);
      const row = await bidRow(bidId);
      expect(row.status).toBe(filled.status === "fulfilled" ? "filled" : "cancelled");
      expect(await balanceOf(db, bidder.id)).toBe(filled.status === "fulfilled" ? 2_000 : 10_000);
    }
    await expectLedgerAndAuctionsConsistent(db);
  });
});
