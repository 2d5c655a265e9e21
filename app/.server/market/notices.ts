import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { listings } from "../db/schema";
import { notify } from "../notifications/notify";
import { formatCents, type Cents } from "~/lib/money";

type Tx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];

/** Where sellers answer offers and senders follow theirs. */
const OFFERS_LINK = "/marketplace/offers";

async function listingTitle(tx: Tx, listingId: number): Promise<string> {
  const [row] = await tx
    .select({ title: listings.title })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row?.title ?? "your listing";
}

const what = (offer: { offerType: string; amountCents: Cents | null }) =>
  offer.offerType === "buy" && offer.amountCents !== null
    ? `an offer of ${formatCents(offer.amountCents)}`
    : "a trade offer";

/** The seller hears of a new offer on their listing (in the offer's transaction). */
export async function noticeOfferReceived(
  tx: Tx,
  ctx: Ctx,
  offer: {
    id: number;
    listingId: number;
    sellerId: string | null;
    offerType: string;
    amountCents: Cents | null;
  },
): Promise<void> {
  const title = await listingTitle(tx, offer.listingId);
  await notify(tx, ctx, {
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
  tx: Tx,
  ctx: Ctx,
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
  await notify(tx, ctx, {
    userId: offer.fromUserId,
    kind: `offer.${outcome}`,
    ...texts,
    link: OFFERS_LINK,
    key: `offer:${offer.id}:${outcome}`,
  });
}

/** The seller hears their listing sold, and what comes next (ship it, or paid at once). */
export async function noticeListingSold(
  tx: Tx,
  ctx: Ctx,
  sale: {
    transactionId: number;
    sellerId: string;
    title: string;
    amountCents: Cents;
    sellerAmountCents: Cents;
    status: "completed" | "awaiting_shipment";
  },
): Promise<void> {
  await notify(tx, ctx, {
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
