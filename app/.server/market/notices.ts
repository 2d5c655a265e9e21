import { eq } from "drizzle-orm";
import type { TxCtx } from "../context";
import { listings } from "../db/schema";
import { notify } from "../notifications/notify";
import { formatCents, type Cents } from "~/lib/money";

/** Where sellers answer offers and senders follow theirs. */
const OFFERS_LINK = "/marketplace/offers";

async function listingFacts(
  tx: TxCtx,
  listingId: number,
): Promise<{ title: string; sellerId: string | null }> {
  const [row] = await tx.db
    .select({ title: listings.title, sellerId: listings.userId })
    .from(listings)
    .where(eq(listings.id, listingId));
  return { title: row?.title ?? "your listing", sellerId: row?.sellerId ?? null };
}

async function listingTitle(tx: TxCtx, listingId: number): Promise<string> {
  return (await listingFacts(tx, listingId)).title;
}

const what = (offer: { offerType: string; amountCents: Cents | null }) =>
  offer.offerType === "buy" && offer.amountCents !== null
    ? `an offer of ${formatCents(offer.amountCents)}`
    : "a trade offer";

/** The seller hears of a new offer on their listing (in the offer's transaction). */
export async function noticeOfferReceived(
  tx: TxCtx,
  offer: {
    id: number;
    listingId: number;
    sellerId: string | null;
    offerType: string;
    amountCents: Cents | null;
  },
): Promise<void> {
  const title = await listingTitle(tx, offer.listingId);
  await notify(tx, {
    userId: offer.sellerId,
    kind: "offer.received",
    title: `New offer on ${title}`,
    body: `You received ${what(offer)} on ${title}. Accept or decline it in your offers.`,
    link: OFFERS_LINK,
    key: `offer:${offer.id}:received`,
  });
}

/**
 * The sender hears their offer was answered: accepted, declined (by the seller, or because the
 * listing closed) or expired; a held amount went back to their wallet unless it was accepted.
 */
export async function noticeOfferAnswered(
  tx: TxCtx,
  offer: { id: number; listingId: number; fromUserId: string | null; heldCents: Cents | null },
  outcome: "accepted" | "declined" | "expired",
): Promise<void> {
  const title = await listingTitle(tx, offer.listingId);
  const released =
    offer.heldCents && outcome !== "accepted"
      ? ` The ${formatCents(offer.heldCents)} held for it is back in your wallet.`
      : "";
  const texts = {
    accepted: {
      title: `Your offer on ${title} was accepted`,
      body: `The seller accepted your offer on ${title}.`,
    },
    declined: {
      title: `Your offer on ${title} was declined`,
      body: `Your offer on ${title} was declined.${released}`,
    },
    expired: {
      title: `Your offer on ${title} expired`,
      body: `Your offer on ${title} expired without an answer.${released}`,
    },
  }[outcome];
  await notify(tx, {
    userId: offer.fromUserId,
    kind: `offer.${outcome}`,
    ...texts,
    link: OFFERS_LINK,
    key: `offer:${offer.id}:${outcome}`,
  });
}

/**
 * The seller hears that the sender withdrew a pending offer or trade request on their listing
 * (in the withdrawal's transaction); it no longer waits for their answer.
 */
export async function noticeOfferWithdrawn(
  tx: TxCtx,
  offer: { id: number; listingId: number; kind: "offer" | "trade" },
): Promise<void> {
  const { title, sellerId } = await listingFacts(tx, offer.listingId);
  const what = offer.kind === "offer" ? "An offer" : "A trade offer";
  await notify(tx, {
    userId: sellerId,
    kind: offer.kind === "offer" ? "offer.withdrawn" : "trade.withdrawn",
    title: `${what} on ${title} was withdrawn`,
    body: `${what} on ${title} was withdrawn by the collector who made it; there is nothing to answer.`,
    link: OFFERS_LINK,
    key: `${offer.kind}:${offer.id}:withdrawn`,
  });
}

/**
 * The seller hears that PackVault staff removed their listing (in the removal's transaction):
 * a linked card is back in their vault, and pending offers on it were declined.
 */
export async function noticeListingRemoved(
  tx: TxCtx,
  listing: { id: number; userId: string | null; title: string; cardId: number | null },
  offersDeclined: number,
): Promise<void> {
  const card = listing.cardId !== null ? " The card is back in your vault." : "";
  const declined =
    offersDeclined > 0
      ? ` ${offersDeclined} pending ${offersDeclined === 1 ? "offer was" : "offers were"} declined.`
      : "";
  await notify(tx, {
    userId: listing.userId,
    kind: "listing.removed",
    title: `Your listing of ${listing.title} was removed by PackVault staff`,
    body: `Your listing of ${listing.title} was removed by PackVault staff and is no longer for sale.${card}${declined}`,
    link: listing.cardId !== null ? "/vault" : "/marketplace",
    key: `listing:${listing.id}:removed`,
  });
}

/** The seller hears their listing sold, and what comes next (ship it, or paid at once). */
export async function noticeListingSold(
  tx: TxCtx,
  sale: {
    transactionId: number;
    sellerId: string;
    title: string;
    amountCents: Cents;
    sellerAmountCents: Cents;
    status: "completed" | "awaiting_shipment";
  },
): Promise<void> {
  await notify(tx, {
    userId: sale.sellerId,
    kind: "listing.sold",
    title: `${sale.title} sold for ${formatCents(sale.amountCents)}`,
    body:
      sale.status === "completed"
        ? `${sale.title} sold for ${formatCents(sale.amountCents)}; ${formatCents(sale.sellerAmountCents)} is in your wallet.`
        : `${sale.title} sold for ${formatCents(sale.amountCents)}. Ship it and enter the tracking number; ${formatCents(sale.sellerAmountCents)} is paid to you once the buyer confirms receipt.`,
    link: OFFERS_LINK,
    key: `sale:${sale.transactionId}:sold`,
  });
}

/** The listing's owner hears of a trade offer of vault cards for it. */
export async function noticeTradeReceived(
  tx: TxCtx,
  trade: { id: number; listingId: number; toUserId: string; cards: number },
): Promise<void> {
  const title = await listingTitle(tx, trade.listingId);
  await notify(tx, {
    userId: trade.toUserId,
    kind: "trade.received",
    title: `New trade offer for ${title}`,
    body: `Someone offers ${trade.cards} ${trade.cards === 1 ? "card" : "cards"} from their vault for ${title}. Accept or decline it in your offers.`,
    link: OFFERS_LINK,
    key: `trade:${trade.id}:received`,
  });
}

/** The sender of a trade offer hears the answer: accepted (the cards swapped) or declined. */
export async function noticeTradeAnswered(
  tx: TxCtx,
  trade: { id: number; listingId: number; fromUserId: string | null },
  outcome: "accepted" | "declined",
): Promise<void> {
  const title = await listingTitle(tx, trade.listingId);
  await notify(tx, {
    userId: trade.fromUserId,
    kind: "trade.answered",
    title: `Your trade offer for ${title} was ${outcome}`,
    body:
      outcome === "accepted"
        ? `The trade went through: ${title} is now in your vault.`
        : `Your trade offer for ${title} was declined; your cards stay in your vault.`,
    link: outcome === "accepted" ? "/vault" : OFFERS_LINK,
    key: `trade:${trade.id}:${outcome}`,
  });
}
