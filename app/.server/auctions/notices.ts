import type { TxCtx } from "../context";
import { notify } from "../notifications/notify";
import { formatCents, type Cents } from "~/lib/money";
import { PLATFORM_FEE_PERCENT } from "~/lib/rates";

/** Where a collector follows their auction bids and standing bids (the account's My bids). */
export const MY_BIDS_LINK = "/account?tab=bids";

const auctionLink = (auctionId: number) => `/auctions/${auctionId}`;

/**
 * The bidder who led hears they were outbid (docs/product/market.md "Auctions"); their held
 * maximum went back to their wallet. Keyed by the bid that lost the lead.
 */
export async function noticeOutbid(
  tx: TxCtx,
  bid: { id: number; bidderId: string; auctionId: number; title: string; priceCents: Cents },
): Promise<void> {
  await notify(tx, {
    userId: bid.bidderId,
    kind: "auction.outbid",
    title: `You've been outbid on ${bid.title}`,
    body: `Someone bid more than your maximum on ${bid.title}; the price is now ${formatCents(bid.priceCents)}. The amount held for your bid is back in your wallet. Bid again before the auction ends.`,
    link: auctionLink(bid.auctionId),
    key: `auction_bid:${bid.id}:outbid`,
  });
}

/**
 * The close of an auction, told to everyone it concerns: the winner (the card is in their
 * vault), the other bidders (lost; their holds went back long ago, or now), and the seller
 * (sold for the price less the fee, or unsold and back in their vault).
 */
export async function noticeAuctionClosed(
  tx: TxCtx,
  closed: {
    auctionId: number;
    title: string;
    sellerId: string;
    winnerId: string | null;
    priceCents: Cents;
    sellerAmountCents: Cents | null;
    losers: string[];
    reserveNotMet: boolean;
  },
): Promise<void> {
  const link = auctionLink(closed.auctionId);
  const price = formatCents(closed.priceCents);
  if (closed.winnerId) {
    await notify(tx, {
      userId: closed.winnerId,
      kind: "auction.won",
      title: `You won ${closed.title}`,
      body: `You won the auction of ${closed.title} for ${price}. The card is in your vault.`,
      link: "/vault",
      key: `auction:${closed.auctionId}:won`,
    });
  }
  for (const userId of closed.losers) {
    await notify(tx, {
      userId,
      kind: "auction.lost",
      title: `The auction of ${closed.title} has ended`,
      body: closed.reserveNotMet
        ? `The auction of ${closed.title} ended without meeting its reserve. The amount held for your bid is back in your wallet.`
        : `The auction of ${closed.title} ended at ${price} and you did not win it. Nothing is held for it any more.`,
      link,
      key: `auction:${closed.auctionId}:lost:${userId}`,
    });
  }
  await notify(tx, {
    userId: closed.sellerId,
    kind: "auction.ended",
    title: closed.winnerId
      ? `Your auction of ${closed.title} sold for ${price}`
      : `Your auction of ${closed.title} ended unsold`,
    body: closed.winnerId
      ? `Your auction of ${closed.title} sold for ${price}. ${formatCents(closed.sellerAmountCents ?? 0)} (after the ${PLATFORM_FEE_PERCENT} fee) is in your wallet.`
      : `Your auction of ${closed.title} ended ${closed.reserveNotMet ? "without meeting your reserve" : "without a bid"}. The card is back in your vault.`,
    link,
    key: `auction:${closed.auctionId}:ended`,
  });
}

/** A standing bid as its bidder's notices name it: the card's title and the bid in cents. */
type StandingBidNotice = { id: number; bidderId: string; title: string; amountCents: Cents };

/** The bidder hears their standing bid was filled: the card is in their vault. */
export async function noticeStandingBidFilled(tx: TxCtx, bid: StandingBidNotice): Promise<void> {
  await notify(tx, {
    userId: bid.bidderId,
    kind: "bid.filled",
    title: `Your bid on ${bid.title} was filled`,
    body: `An owner sold you ${bid.title} for ${formatCents(bid.amountCents)}, paid by the amount held for your bid. The card is in your vault.`,
    link: "/vault",
    key: `standing_bid:${bid.id}:filled`,
  });
}

/** The bidder hears their standing bid expired unfilled and its hold is back in their wallet. */
export async function noticeStandingBidExpired(tx: TxCtx, bid: StandingBidNotice): Promise<void> {
  await notify(tx, {
    userId: bid.bidderId,
    kind: "bid.expired",
    title: `Your bid on ${bid.title} expired`,
    body: `Nobody filled your bid of ${formatCents(bid.amountCents)} on ${bid.title}. The ${formatCents(bid.amountCents)} held for it is back in your wallet.`,
    link: MY_BIDS_LINK,
    key: `standing_bid:${bid.id}:expired`,
  });
}
