// The development tool that fast-forwards one auction (docs/decisions/046-auction-fast-forward.md):
// the auction's times and its bids' move back together, so soft close and the close job act on
// it as on any auction; refusals change nothing; the route is a 404 without DEV_TOOLS.
import { asc } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { auctionBids, auctions } from "~/.server/db/schema";
import { fastForwardAuction } from "~/.server/auctions/fast-forward";
import { settleDueAuctions } from "~/.server/auctions/settle-auction";
import { action as fastForwardAction } from "~/routes/dev.auctions.$id.fast-forward";
import { auctionRow, bid, expectAuctionsConsistent, startAuction } from "../helpers/auctions";
import { makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { buyerWith, vaultCard } from "../helpers/market";
import { asAt, balanceOf, expectLedgerBalanced } from "../helpers/packs";

const db = databaseForFile();

const T0 = new Date("2026-11-01T12:00:00Z");
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 86_400_000;
const at = (ms: number) => new Date(T0.getTime() + ms);

async function openAuction() {
  const seller = await makeCollector(db);
  const cardId = await vaultCard(db, seller);
  const auctionId = await startAuction(asAt(db, seller, T0), cardId, { startPrice: "10" });
  return { seller, cardId, auctionId };
}

const rows = async () => ({
  auctions: await db.db.select().from(auctions).orderBy(asc(auctions.id)),
  bids: await db.db.select().from(auctionBids).orderBy(asc(auctionBids.id)),
});

describe("fast-forwarding an auction", () => {
  it("moves its times and its bids' back together: a late bid then extends it, and the close job settles it", async () => {
    const { seller, auctionId } = await openAuction();
    const ana = await buyerWith(db, 20_000);
    const ben = await buyerWith(db, 20_000);
    await bid(asAt(db, ana, at(MINUTE)), auctionId, "40");
    const before = await auctionRow(db, auctionId);
    const [firstBid] = (await rows()).bids.filter((row) => row.auctionId === auctionId);

    // Ten minutes after the start, it is made to end in one minute: 23 h 49 min pass for it.
    const now = at(10 * MINUTE);
    expect(await fastForwardAuction(db.ctx({ now }), { auctionId, endsInSeconds: 60 })).toEqual({
      movedSeconds: DAY / SECOND - 11 * 60,
      endsAt: at(11 * MINUTE),
    });
    const moved = DAY - 11 * MINUTE;
    const after = await auctionRow(db, auctionId);
    expect(after).toMatchObject({
      createdAt: new Date(before.createdAt.getTime() - moved),
      scheduledEndAt: at(11 * MINUTE),
      endsAt: at(11 * MINUTE),
      priceCents: before.priceCents,
      status: "open",
    });
    const [firstBidAfter] = (await rows()).bids.filter((row) => row.auctionId === auctionId);
    expect(firstBidAfter!.createdAt).toEqual(new Date(firstBid!.createdAt.getTime() - moved));

    // Ben's bid 30 s later raises the price in the last 10 minutes: the end is 10 minutes after it.
    expect(await bid(asAt(db, ben, at(10 * MINUTE + 30 * SECOND)), auctionId, "60")).toMatchObject({
      leading: true,
      extended: true,
      endsAt: at(20 * MINUTE + 30 * SECOND),
    });
    // Made to end now, the close job settles it: Ben wins, the seller is paid less the fee.
    await fastForwardAuction(db.ctx({ now: at(12 * MINUTE) }), { auctionId, endsInSeconds: 0 });
    expect(await settleDueAuctions(db.ctx({ now: at(12 * MINUTE) }))).toBeGreaterThanOrEqual(1);
    const settled = await auctionRow(db, auctionId);
    expect(settled).toMatchObject({ status: "sold", winnerId: ben.id });
    expect(await balanceOf(db, seller.id)).toBe(settled.sellerAmountCents);
    await expectLedgerBalanced(db);
    await expectAuctionsConsistent(db);
  });

  it("refuses a settled auction, one ending sooner, or an unknown one, and changes nothing", async () => {
    const { auctionId } = await openAuction();
    const snapshot = await rows();
    await expect(
      fastForwardAuction(db.ctx({ now: at(MINUTE) }), { auctionId, endsInSeconds: 2 * DAY }),
    ).rejects.toMatchObject({ code: "already_ending", status: 409 });
    await expect(
      fastForwardAuction(db.ctx({ now: at(MINUTE) }), {
        auctionId: 2_000_000_000,
        endsInSeconds: 0,
      }),
    ).rejects.toMatchObject({ code: "auction_not_found", status: 404 });
    expect(await rows()).toEqual(snapshot);

    await settleDueAuctions(db.ctx({ now: at(2 * DAY) }));
    const closed = await rows();
    await expect(
      fastForwardAuction(db.ctx({ now: at(2 * DAY) }), { auctionId, endsInSeconds: 0 }),
    ).rejects.toMatchObject({ code: "auction_ended", status: 409 });
    expect(await rows()).toEqual(closed);
  });
});

describe("POST /dev/auctions/:id/fast-forward", () => {
  it("is a 404 without DEV_TOOLS, and nothing moves", async () => {
    const { auctionId } = await openAuction();
    const before = await auctionRow(db, auctionId);
    const form = new URLSearchParams({ intent: "fast-forward", endsInSeconds: "0" });
    const request = new Request(`http://localhost/dev/auctions/${auctionId}/fast-forward`, {
      method: "POST",
      body: form,
    });
    await expect(
      fastForwardAction({
        request,
        params: { id: String(auctionId) },
        context: { db: db.db, env: { DEV_TOOLS: false } } as unknown as AppLoadContext,
      } as Parameters<typeof fastForwardAction>[0]),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await auctionRow(db, auctionId)).toEqual(before);
  });
});
