import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { auctionBids, auctions, cards, slabs, standingBids, userCards } from "../db/schema";
import { openBidsOf } from "./best-bids";
import { auctionNotFound } from "./place-bid";
import { sellNowOf, type SellNow } from "./sell-now";
import { anonymousTags, minimumNextBid, reserveMet, type AuctionSort } from "~/lib/auctions";
import type { Cents } from "~/lib/money";

/** One open auction in the browse. */
export type AuctionSummary = {
  id: number;
  title: string;
  category: string;
  imageUrl: string | null;
  priceCents: Cents;
  bidCount: number;
  endsAt: Date;
  hasReserve: boolean;
};

/**
 * The open auctions, ending soonest first or newly listed first, of one category or all, at
 * most 60 (docs/product/market.md "Auctions"), and the categories with an open auction.
 */
export async function browseAuctions(
  ctx: Ctx,
  input: { sort: AuctionSort; category: string | null },
): Promise<{ auctions: AuctionSummary[]; categories: string[] }> {
  const open = and(eq(auctions.status, "open"), gt(auctions.endsAt, ctx.now()));
  const rows = await ctx.db
    .select({
      id: auctions.id,
      title: auctions.title,
      category: auctions.category,
      imageUrl: userCards.imageUrl,
      priceCents: auctions.priceCents,
      bidCount: auctions.bidCount,
      endsAt: auctions.endsAt,
      reserveCents: auctions.reserveCents,
    })
    .from(auctions)
    .innerJoin(userCards, eq(userCards.id, auctions.cardId))
    .where(and(open, input.category ? eq(auctions.category, input.category) : undefined))
    .orderBy(input.sort === "ending" ? asc(auctions.endsAt) : desc(auctions.createdAt))
    .limit(60);
  const categories = await ctx.db
    .selectDistinct({ category: auctions.category })
    .from(auctions)
    .where(open)
    .orderBy(asc(auctions.category));
  return {
    auctions: rows.map(({ reserveCents, ...row }) => ({
      ...row,
      hasReserve: reserveCents !== null,
    })),
    categories: categories.map((row) => row.category),
  };
}

/** One line of the bid history: an anonymous tag, never a name. */
export type BidLine = { id: number; tag: string; priceAfterCents: Cents; at: Date; yours: boolean };

/** An auction's page as the viewer sees it. */
export type AuctionPage = {
  id: number;
  title: string;
  category: string;
  imageUrl: string | null;
  /** The catalogue card behind the slab, for its bid ladder; null for a card without a slab. */
  catalogueCardId: number | null;
  status: "open" | "sold" | "unsold";
  priceCents: Cents;
  startPriceCents: Cents;
  minimumNextBidCents: Cents;
  bidCount: number;
  endsAt: Date;
  scheduledEndAt: Date;
  hasReserve: boolean;
  reserveMet: boolean;
  isSeller: boolean;
  /** The viewer's standing: leading (with their maximum), outbid, or not bidding. */
  viewer: { state: "leading"; maxCents: Cents } | { state: "outbid" } | { state: "none" };
  /** Whether the viewer won it (closed and sold to them). */
  won: boolean;
  history: BidLine[];
};

/**
 * An auction's page (docs/product/market.md "Auctions"): price, minimum next bid, end (as soft
 * close moved it), "Reserve met" (never the reserve itself), the viewer's standing, and the
 * bid history, newest first, with anonymous tags by first bid.
 * @throws DomainError `auction_not_found` (404).
 */
export async function loadAuctionPage(ctx: Ctx, auctionId: number): Promise<AuctionPage> {
  const [row] = await ctx.db
    .select({
      auction: auctions,
      imageUrl: userCards.imageUrl,
      catalogueCardId: slabs.cardId,
    })
    .from(auctions)
    .innerJoin(userCards, eq(userCards.id, auctions.cardId))
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .where(eq(auctions.id, auctionId));
  if (!row) throw auctionNotFound();
  const { auction } = row;
  const bids = await ctx.db
    .select()
    .from(auctionBids)
    .where(eq(auctionBids.auctionId, auction.id))
    .orderBy(asc(auctionBids.id));
  const tags = anonymousTags(bids.map((bid) => bid.bidderId ?? `deleted:${bid.id}`));
  const viewerId = ctx.actor?.userId ?? null;
  const leader = bids.find((bid) => bid.id === auction.leaderBidId);
  const viewer: AuctionPage["viewer"] =
    viewerId && leader?.bidderId === viewerId
      ? { state: "leading", maxCents: leader.maxCents }
      : viewerId && bids.some((bid) => bid.bidderId === viewerId)
        ? { state: "outbid" }
        : { state: "none" };
  return {
    id: auction.id,
    title: auction.title,
    category: auction.category,
    imageUrl: row.imageUrl,
    catalogueCardId: row.catalogueCardId,
    status: auction.status,
    priceCents: auction.priceCents,
    startPriceCents: auction.startPriceCents,
    minimumNextBidCents: minimumNextBid(auction.priceCents, auction.bidCount > 0),
    bidCount: auction.bidCount,
    endsAt: auction.endsAt,
    scheduledEndAt: auction.scheduledEndAt,
    hasReserve: auction.reserveCents !== null,
    reserveMet: reserveMet(auction.reserveCents, leader?.maxCents ?? null),
    isSeller: viewerId !== null && auction.sellerId === viewerId,
    viewer,
    won: viewerId !== null && auction.winnerId === viewerId,
    history: bids
      .map((bid) => ({
        id: bid.id,
        tag: tags.get(bid.bidderId ?? `deleted:${bid.id}`)!,
        priceAfterCents: bid.priceAfterCents,
        at: bid.createdAt,
        yours: viewerId !== null && bid.bidderId === viewerId,
      }))
      .reverse(),
  };
}

/** One rung of a card's bid ladder. */
export type LadderRung = {
  id: number;
  grader: string;
  minGrade: number;
  amountCents: Cents;
  expiresAt: Date;
  yours: boolean;
};

/**
 * A catalogue card's bid ladder (docs/product/market.md "Standing bids"): its open, unexpired
 * standing bids, best first (highest amount, then earliest), at most 20; and the viewer's
 * vaulted slabs of that card, each with the best bid it can fill (not their own).
 * @returns null when the card does not exist.
 */
export async function loadBidLadder(
  ctx: Ctx,
  catalogueCardId: number,
): Promise<{
  card: { id: number; name: string; setName: string };
  ladder: LadderRung[];
  sellNow: SellNow[];
} | null> {
  const [card] = await ctx.db
    .select({ id: cards.id, name: cards.name, setName: cards.setName })
    .from(cards)
    .where(eq(cards.id, catalogueCardId));
  if (!card) return null;
  const viewerId = ctx.actor?.userId ?? null;
  const rungs = await ctx.db
    .select()
    .from(standingBids)
    .where(openBidsOf(card.id, ctx.now()))
    .orderBy(desc(standingBids.amountCents), asc(standingBids.id))
    .limit(20);
  const sellNow = viewerId ? await sellNowOf(ctx, viewerId, card.id) : [];
  return {
    card,
    ladder: rungs.map((bid) => ({
      id: bid.id,
      grader: bid.grader,
      minGrade: bid.minGrade,
      amountCents: bid.amountCents,
      expiresAt: bid.expiresAt,
      yours: viewerId !== null && bid.bidderId === viewerId,
    })),
    sellNow,
  };
}

/** The signed-in collector's auction bids (one line per auction) and standing bids. */
export type MyBids = {
  auctions: {
    id: number;
    title: string;
    status: "open" | "sold" | "unsold";
    priceCents: Cents;
    endsAt: Date;
    yourMaxCents: Cents;
    state: "leading" | "outbid" | "won" | "lost";
  }[];
  standing: {
    id: number;
    cardId: number;
    cardName: string;
    grader: string;
    minGrade: number;
    amountCents: Cents;
    status: string;
    expiresAt: Date;
  }[];
};

/** My bids (docs/product/market.md "Auctions", "Standing bids"): the latest 50 of each. */
export async function loadMyBids(ctx: Ctx, userId: string): Promise<MyBids> {
  const mine = await ctx.db
    .select({
      id: auctions.id,
      title: auctions.title,
      status: auctions.status,
      priceCents: auctions.priceCents,
      endsAt: auctions.endsAt,
      winnerId: auctions.winnerId,
      leaderBidId: auctions.leaderBidId,
      yourMaxCents: sql<string>`max(${auctionBids.maxCents})`,
      lastBidId: sql<number>`max(${auctionBids.id})`,
    })
    .from(auctionBids)
    .innerJoin(auctions, eq(auctions.id, auctionBids.auctionId))
    .where(eq(auctionBids.bidderId, userId))
    .groupBy(auctions.id)
    .orderBy(desc(sql`max(${auctionBids.id})`))
    .limit(50);
  const leading = new Set(
    (
      await ctx.db
        .select({ auctionId: auctionBids.auctionId })
        .from(auctionBids)
        .where(and(eq(auctionBids.bidderId, userId), inArray(auctionBids.status, ["leading"])))
    ).map((row) => row.auctionId),
  );
  const standing = await ctx.db
    .select({
      id: standingBids.id,
      cardId: standingBids.cardId,
      cardName: cards.name,
      grader: standingBids.grader,
      minGrade: standingBids.minGrade,
      amountCents: standingBids.amountCents,
      status: standingBids.status,
      expiresAt: standingBids.expiresAt,
    })
    .from(standingBids)
    .innerJoin(cards, eq(cards.id, standingBids.cardId))
    .where(eq(standingBids.bidderId, userId))
    .orderBy(desc(standingBids.id))
    .limit(50);
  return {
    auctions: mine.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      priceCents: row.priceCents,
      endsAt: row.endsAt,
      yourMaxCents: Number(row.yourMaxCents),
      state:
        row.status === "open"
          ? leading.has(row.id)
            ? "leading"
            : "outbid"
          : row.winnerId === userId
            ? "won"
            : "lost",
    })),
    standing,
  };
}

/** `userId`'s vaulted card `cardId` that 'Start an auction' shows, or null (not theirs, not vaulted). */
export async function auctionableCard(
  ctx: Ctx,
  userId: string,
  cardId: number,
): Promise<{ id: number; name: string; grade: number } | null> {
  if (!Number.isSafeInteger(cardId) || cardId < 1) return null;
  const [card] = await ctx.db
    .select({ id: userCards.id, name: userCards.cardName, grade: userCards.grade })
    .from(userCards)
    .where(
      and(eq(userCards.id, cardId), eq(userCards.userId, userId), eq(userCards.status, "vaulted")),
    );
  return card ?? null;
}
