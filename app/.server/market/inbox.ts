import { desc, eq, inArray, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../context";
import {
  listings,
  offers,
  profiles,
  slabs,
  tradeItems,
  tradeRequests,
  transactions,
  userCards,
} from "../db/schema";
import { cardSlabColumns } from "../policy/slab-columns";
import { marketActor } from "../policy/actor";
import { saleHref, saleTitle } from "./sale-source";
import type { Cents } from "~/lib/money";
import type { CardRarity } from "~/lib/domain/rarity";
import { cardSlabOf, type CardSlab } from "~/lib/slabs";

/** One offer, buy or trade, as /marketplace/offers lists it. */
export type InboxOffer = {
  kind: "offer" | "trade";
  id: number;
  listingId: number;
  listingTitle: string;
  listingPriceCents: Cents;
  /** The other party's display name. */
  counterpart: string;
  offerType: "buy" | "trade";
  amountCents: Cents | null;
  tradeItemDescription: string | null;
  /** The vault cards offered in a trade request. */
  cards: {
    id: number;
    name: string;
    rarity: CardRarity;
    grade: number;
    estimatedValueCents: Cents;
    /** Its slab (grader, cert, photos); null for a card issued before inventory-backed packs. */
    slab: CardSlab | null;
  }[];
  message: string;
  status: string;
  createdAt: Date;
};

/** A marketplace sale the user is part of. */
export type InboxTransaction = {
  id: number;
  /** The page of what was sold: its listing, its auction or its card's bids. */
  href: string;
  /** The title of what was sold (a listing's, an auction's, or the card's for a standing bid). */
  listingTitle: string;
  role: "buyer" | "seller";
  amountCents: Cents;
  platformFeeCents: Cents;
  sellerAmountCents: Cents;
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  createdAt: Date;
  shippedAt: Date | null;
  completedAt: Date | null;
};

export type OfferInbox = {
  received: InboxOffer[];
  made: InboxOffer[];
  transactions: InboxTransaction[];
};

/** How many of each list /marketplace/offers shows, newest first. */
export const INBOX_LIMIT = 100;

const sender = alias(profiles, "sender");
const seller = alias(profiles, "seller");
const displayName = (name: string | null) => name?.trim() || "Collector";

/** An inbox entry with whether the user made it (else they received it). */
type OwnedOffer = InboxOffer & { mine: boolean };

/** The listing an offer or trade request is on, with both parties' names, for a select. */
const onListing = { listing: listings, senderName: sender.fullName, sellerName: seller.fullName };

/**
 * What an offer and a trade request show alike: the listing, the other party (the seller when
 * `userId` sent it, else the sender), message, status, time and whether `userId` made it.
 */
function entryOf(
  userId: string,
  sent: { id: number; fromUserId: string; message: string; status: string; createdAt: Date },
  { listing, senderName, sellerName }: { listing: typeof listings.$inferSelect } & Names,
) {
  const mine = sent.fromUserId === userId;
  return {
    id: sent.id,
    listingId: listing.id,
    listingTitle: listing.title,
    listingPriceCents: listing.priceCents,
    counterpart: displayName(mine ? sellerName : senderName),
    message: sent.message,
    status: sent.status,
    createdAt: sent.createdAt,
    mine,
  };
}

type Names = { senderName: string | null; sellerName: string | null };

/** A table of things one user sends about a listing: a buy offer or a trade request. */
type SentTable = typeof offers | typeof tradeRequests;

/** A row of a {@link SentTable} with its listing and both parties' names. */
type SentRow<Table extends SentTable> = {
  sent: Table["$inferSelect"];
  listing: typeof listings.$inferSelect;
} & Names;

/**
 * The rows of `table` that `userId` sent or received (`recipient` is `userId`), each with its
 * listing and both parties' names, newest first, up to twice INBOX_LIMIT (split later into
 * received and made). The seller named is the one `recipient` points at.
 */
async function sentOrReceived<Table extends SentTable>(
  ctx: Ctx,
  table: Table,
  recipient: typeof listings.userId | typeof tradeRequests.toUserId,
  userId: string,
): Promise<SentRow<Table>[]> {
  const sent: SentTable = table;
  return ctx.db
    .select({ sent, ...onListing })
    .from(sent)
    .innerJoin(listings, eq(listings.id, sent.listingId))
    .innerJoin(sender, eq(sender.id, sent.fromUserId))
    .innerJoin(seller, eq(seller.id, recipient))
    .where(or(eq(sent.fromUserId, userId), eq(recipient, userId)))
    .orderBy(desc(sent.createdAt), desc(sent.id))
    .limit(INBOX_LIMIT * 2) as Promise<SentRow<Table>[]>;
}

/** The buy and described-trade offers the user made or received on their listings, newest first. */
async function offersOf(ctx: Ctx, userId: string): Promise<OwnedOffer[]> {
  const rows = await sentOrReceived(ctx, offers, listings.userId, userId);
  return rows.map(({ sent: offer, ...on }) => ({
    ...entryOf(userId, offer, on),
    kind: "offer" as const,
    offerType: offer.offerType,
    amountCents: offer.offerAmountCents,
    tradeItemDescription: offer.tradeItemDescription,
    cards: [],
  }));
}

/** The vault-card trade requests the user sent or received, newest first, with the cards offered. */
async function tradesOf(ctx: Ctx, userId: string): Promise<OwnedOffer[]> {
  const tradeRows = await sentOrReceived(ctx, tradeRequests, tradeRequests.toUserId, userId);
  const items = tradeRows.length
    ? await ctx.db
        .select({
          tradeRequestId: tradeItems.tradeRequestId,
          card: userCards,
          slab: cardSlabColumns,
        })
        .from(tradeItems)
        .innerJoin(userCards, eq(userCards.id, tradeItems.cardId))
        .leftJoin(slabs, eq(slabs.id, userCards.slabId))
        .where(
          inArray(
            tradeItems.tradeRequestId,
            tradeRows.map((row) => row.sent.id),
          ),
        )
    : [];
  return tradeRows.map(({ sent: trade, ...on }) => ({
    ...entryOf(userId, trade, on),
    kind: "trade" as const,
    offerType: "trade" as const,
    amountCents: null,
    tradeItemDescription: null,
    cards: items
      .filter((item) => item.tradeRequestId === trade.id)
      .map(({ card, slab }) => ({
        id: card.id,
        name: card.cardName,
        rarity: card.rarity,
        grade: card.grade,
        estimatedValueCents: card.estimatedValueCents,
        slab: cardSlabOf(slab),
      })),
  }));
}

/** The marketplace sales the user bought or sold, newest first (up to INBOX_LIMIT). */
async function salesOf(ctx: Ctx, userId: string): Promise<InboxTransaction[]> {
  const sales = await ctx.db
    .select({ transaction: transactions, listingTitle: saleTitle, href: saleHref })
    .from(transactions)
    .where(or(eq(transactions.buyerId, userId), eq(transactions.sellerId, userId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(INBOX_LIMIT);
  return sales.map(({ transaction: t, listingTitle, href }) => ({
    id: t.id,
    href,
    listingTitle,
    role: t.buyerId === userId ? "buyer" : "seller",
    amountCents: t.transactionAmountCents,
    platformFeeCents: t.platformFeeCents,
    sellerAmountCents: t.sellerAmountCents,
    status: t.status,
    carrier: t.carrier,
    trackingNumber: t.trackingNumber,
    createdAt: t.createdAt,
    shippedAt: t.shippedAt,
    completedAt: t.completedAt,
  }));
}

/**
 * The signed-in user's marketplace inbox (docs/product/market.md): offers and trade requests
 * received on their listings and made by them, with status, and the sales they bought or sold.
 * @throws DomainError `not_signed_in` (401).
 */
export async function loadOfferInbox(ctx: Ctx): Promise<OfferInbox> {
  const userId = marketActor(ctx);
  const all = [...(await offersOf(ctx, userId)), ...(await tradesOf(ctx, userId))].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  );
  const strip = ({ mine: _mine, ...offer }: OwnedOffer): InboxOffer => offer;
  const sales = await salesOf(ctx, userId);
  return {
    received: all
      .filter((offer) => !offer.mine)
      .slice(0, INBOX_LIMIT)
      .map(strip),
    made: all
      .filter((offer) => offer.mine)
      .slice(0, INBOX_LIMIT)
      .map(strip),
    transactions: sales,
  };
}
