import { slabValueColumns, slabValueJoin, slabValueOf, type SlabValue } from "../value/slab-value";
import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import { cardSlabColumns } from "../policy/slab-columns";

import { inTransaction, type Ctx, type TxCtx } from "../context";

import { likePattern } from "../db/like-pattern";

import {
  cardValues,
  listings,
  offers,
  packs,
  profiles,
  slabs,
  tradeRequests,
  userCards,
} from "../db/schema";

import { DomainError } from "../errors";

import { unlockAchievements } from "../rewards/achievements";

import type { UnlockedAchievement } from "~/lib/domain/rewards";

import { linkCardToListing, listCard, unlistCard } from "../vault/card-status";

import { listingUnavailable, marketActor, notYourListing } from "../policy/actor";

import { declinePendingOffers } from "./settlement";

import type { Cents } from "~/lib/money";

import { cardSlabOf, type CardSlab } from "~/lib/slabs";

import type { NewListing } from "~/lib/schemas/market";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import {
  listingCovers,
  photosOf,
  preparePhotos,
  savePhotos,
  withPhotoFiles,
  type Upload,
} from "../media/photos";
import type { MediaStorage } from "../storage/storage";
import type { ListingCard } from "~/lib/domain/market";
import type { Photo } from "~/lib/domain/media";
import { pageTags } from "~/lib/page-cache";

/**
 * Creates a listing for the signed-in user (docs/product/market.md "Listings"), in ONE transaction. With `cardId` the vault card is linked: it must be
 * theirs and vaulted, and becomes `listed` with the listing's id (its pending buyback offer is
 * cancelled); without it the listing is a physical item the seller holds.
 * `photos` (up to 6, the first two the front and back) are checked and re-encoded before
 * anything is written and saved with the listing (docs/product/market.md "Photos"): one bad
 * file refuses the whole listing. Unlocks the achievements a listing earns (docs/product/rewards.md).
 * @returns the new listing's id and the achievements unlocked.
 * `form` is the Create Listing form parsed once at the seam with `createListingSchema`
 * (docs/decisions/013-parsing-once-at-the-seam.md): the price in cents.
 * @throws DomainError `not_signed_in` (401, 'Please sign in to create a listing');
 * `card_not_vaulted` (409);
 * `too_many_photos`, `invalid_photo` (400).
 */
export async function createListing(
  ctx: Ctx,
  form: NewListing,
  photos: { storage: MediaStorage; uploads: Upload[] } | null = null,
): Promise<{ listingId: number; achievements: UnlockedAchievement[] }> {
  const userId = marketActor(ctx, "Please sign in to create a listing");
  const prepared = photos ? await preparePhotos(photos.uploads) : [];
  const write = async (tx: TxCtx) => {
    const now = tx.now();
    // The card leaves the vault first: a card that is not the seller's vaulted card (listed
    // already, gone, or unknown) is refused cleanly before anything is written.
    if (form.cardId) {
      await listCard(tx, { userId, cardId: form.cardId });
    }
    const [listing] = await tx.db
      .insert(listings)
      .values({
        userId,
        title: form.title,
        description: form.description,
        priceCents: form.price,
        category: form.category,
        condition: form.condition,
        imageUrl: form.imageUrl,
        cardId: form.cardId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: listings.id });
    const listingId = listing!.id;
    if (form.cardId) {
      await linkCardToListing(tx, { cardId: form.cardId, listingId });
    }
    if (photos) {
      const { storage } = photos;
      await savePhotos(tx, { storage, owner: { listingId }, prepared, uploadedBy: userId });
    }
    invalidatePagesAfterCommit(tx, [pageTags.listings]);
    const achievements = await unlockAchievements(tx, {
      userId,
      trigger: "listing",
      source: `listing:${listingId}`,
    });
    return { listingId, achievements };
  };
  return photos
    ? withPhotoFiles(ctx, { storage: photos.storage, prepared }, write)
    : inTransaction(ctx, write);
}

export const MARKET_SORTS = ["recent", "price_asc", "price_desc"] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
/** Listings per page of /marketplace. */
export const MARKET_PAGE_SIZE = 48;

const ORDER: Record<MarketSort, SQL[]> = {
  recent: [desc(listings.createdAt), desc(listings.id)],
  price_asc: [asc(listings.priceCents), desc(listings.id)],
  price_desc: [desc(listings.priceCents), desc(listings.id)],
};

/**
 * Active listings (docs/product/market.md "Listings"), filtered by `q` on title
 * or description (case-insensitive, literal) and sorted: `recent` (newest first, default),
 * `price_asc`, `price_desc`; one page of {@link MARKET_PAGE_SIZE}. Public: no actor needed.
 * @returns the page (clamped to the last) and the total count of matches.
 */
export async function browseListings(
  ctx: Ctx,
  query: { q: string; sort: MarketSort; page: number },
): Promise<{ listings: ListingCard[]; total: number; page: number; pageCount: number }> {
  const where = and(
    eq(listings.status, "active"),
    query.q
      ? or(
          ilike(listings.title, likePattern(query.q)),
          ilike(listings.description, likePattern(query.q)),
        )
      : undefined,
  );
  const [counted] = await ctx.db.select({ n: count() }).from(listings).where(where);
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MARKET_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page) || 1), pageCount);
  const rows = await ctx.db
    .select({ listing: listings, card: userCards, slab: cardSlabColumns, value: slabValueColumns })
    .from(listings)
    .leftJoin(userCards, eq(userCards.id, listings.cardId))
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .leftJoin(cardValues, slabValueJoin)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(MARKET_PAGE_SIZE)
    .offset((page - 1) * MARKET_PAGE_SIZE);
  const covers = await listingCovers(
    ctx.db,
    rows.map((row) => row.listing.id),
  );
  return {
    listings: rows.map(({ listing, card, slab, value }) => {
      const cover = covers.get(listing.id);
      return toListingCard(ctx, listing, card, cover ? [cover] : [], slab, value);
    }),
    total,
    page,
    pageCount,
  };
}

function toListingCard(
  ctx: Ctx,
  listing: typeof listings.$inferSelect,
  card: typeof userCards.$inferSelect | null,
  photos: Photo[],
  slab: Omit<CardSlab, "verifyUrl"> | null = null,
  value: SlabValue | null = null,
): ListingCard {
  return {
    id: listing.id,
    title: listing.title,
    description: listing.description,
    priceCents: listing.priceCents,
    category: listing.category,
    condition: listing.condition,
    imageUrl: listing.imageUrl?.startsWith("https://") ? listing.imageUrl : null,
    photos,
    createdAt: listing.createdAt,
    isOwn: ctx.actor?.userId === listing.userId,
    card: card && {
      id: card.id,
      name: card.cardName,
      rarity: card.rarity,
      grade: card.grade,
      packCategory: card.packCategory ?? card.category,
      certNumber: slab?.cert ?? null,
      slab: cardSlabOf(slab),
      ...slabValueOf(value),
    },
  };
}

/** A listing's page (docs/product/market.md "Listings"). */
export type ListingDetail = ListingCard & {
  status: (typeof listings.$inferSelect)["status"];
  sellerName: string;
  /** The seller is a seeded demo collector (docs/decisions/026-art-and-demo-shop.md). */
  sellerIsDemo: boolean;
  /** The linked card's pull: when and from which pack. */
  pull: { pulledAt: Date; packName: string | null; estimatedValueCents: Cents } | null;
  /** Pending offers and trade requests, counted for the seller. */
  pendingOffers: number;
};

/**
 * One listing for its page: any status but `removed` (an admin deletion) is shown, so a buyer
 * can still open what they bought. The seller's display name is their full name.
 * @returns null when there is no such listing (or it was removed).
 */
export async function loadListing(ctx: Ctx, listingId: number): Promise<ListingDetail | null> {
  const [row] = await ctx.db
    .select({
      listing: listings,
      card: userCards,
      slab: cardSlabColumns,
      sellerName: profiles.fullName,
      sellerIsDemo: profiles.isDemo,
      packName: packs.name,
      value: slabValueColumns,
    })
    .from(listings)
    .innerJoin(profiles, eq(profiles.id, listings.userId))
    .leftJoin(userCards, eq(userCards.id, listings.cardId))
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .leftJoin(cardValues, slabValueJoin)
    .leftJoin(packs, eq(packs.id, userCards.packId))
    .where(and(eq(listings.id, listingId), ne(listings.status, "removed")));
  if (!row) return null;
  const isOwn = ctx.actor?.userId === row.listing.userId;
  let pendingOffers = 0;
  if (isOwn) {
    const [buy] = await ctx.db
      .select({ n: count() })
      .from(offers)
      .where(and(eq(offers.listingId, listingId), eq(offers.status, "pending")));
    const [trade] = await ctx.db
      .select({ n: count() })
      .from(tradeRequests)
      .where(and(eq(tradeRequests.listingId, listingId), eq(tradeRequests.status, "pending")));
    pendingOffers = (buy?.n ?? 0) + (trade?.n ?? 0);
  }
  return {
    ...toListingCard(
      ctx,
      row.listing,
      row.card,
      await photosOf(ctx.db, { listingId }),
      row.slab,
      row.value,
    ),
    status: row.listing.status,
    sellerName: row.sellerName?.trim() || "Collector",
    sellerIsDemo: row.sellerIsDemo,
    pull: row.card && {
      pulledAt: row.card.pulledAt,
      packName: row.packName,
      estimatedValueCents: row.card.estimatedValueCents,
    },
    pendingOffers,
  };
}

/**
 * The seller changes an active listing's price to `priceCents` (the typed price parsed at the
 * seam, docs/decisions/013-parsing-once-at-the-seam.md; docs/product/market.md "Listings").
 * Pending buy offers stay as they were made.
 * @throws DomainError `not_your_listing` (403) for anyone but the
 * seller; `listing_unavailable` (409) when it is no longer active; `not_signed_in` (401).
 */
export async function updateListingPrice(
  ctx: Ctx,
  input: { listingId: number; priceCents: Cents },
): Promise<void> {
  const userId = marketActor(ctx);
  const { priceCents } = input;
  const [updated] = await ctx.db
    .update(listings)
    .set({ priceCents, updatedAt: ctx.now() })
    .where(
      and(
        eq(listings.id, input.listingId),
        eq(listings.userId, userId),
        eq(listings.status, "active"),
      ),
    )
    .returning({ id: listings.id });
  if (!updated) await refuseListingChange(ctx.db, input.listingId, userId);
  invalidatePagesAfterCommit(ctx, [pageTags.listing(input.listingId), pageTags.listings]);
}

/**
 * The seller cancels an active listing (docs/product/market.md "Listings"), in ONE transaction: the listing
 * becomes `cancelled`, a linked card returns to their vault (vaulted, listing cleared), and the
 * listing's pending offers and trade requests are declined.
 * @throws DomainError `not_your_listing` (403); `listing_unavailable` (409); `not_signed_in`.
 */
export async function cancelListing(ctx: Ctx, input: { listingId: number }): Promise<void> {
  const userId = marketActor(ctx);
  await inTransaction(ctx, async (tx) => {
    const listing = await closeOwnListing(tx, {
      listingId: input.listingId,
      sellerId: userId,
      status: "cancelled",
    });
    await returnListedCard(tx, listing);
    await declinePendingOffers(tx, listing.id);
  });
}

/**
 * The active listing `listingId`, read under a share lock until the caller's transaction ends,
 * so it cannot close while an offer or trade request is made on it (docs/product/market.md).
 * @throws DomainError `listing_unavailable` (409) when it is gone or no longer active.
 */
export async function shareActiveListing(tx: Pick<TxCtx, "db">, listingId: number) {
  const [listing] = await tx.db
    .select()
    .from(listings)
    .where(eq(listings.id, listingId))
    .for("share");
  if (!listing || listing.status !== "active") throw listingUnavailable();
  return listing;
}

/**
 * Closes the seller's active listing in the caller's transaction: active -> `status` by one
 * conditional update naming the seller, so of two closings at once (a sale, a cancellation, an
 * accepted offer or trade) exactly one wins.
 * @returns the listing row as closed.
 * @throws DomainError `not_your_listing` (403) for anyone but the seller; `listing_unavailable`
 * (409) when it is no longer active; `listing_not_found` (404).
 */
export async function closeOwnListing(
  tx: TxCtx,
  input: { listingId: number; sellerId: string; status: "sold" | "traded" | "cancelled" },
): Promise<typeof listings.$inferSelect> {
  const [listing] = await tx.db
    .update(listings)
    .set({ status: input.status, closedAt: tx.now(), updatedAt: tx.now() })
    .where(
      and(
        eq(listings.id, input.listingId),
        eq(listings.userId, input.sellerId),
        eq(listings.status, "active"),
      ),
    )
    .returning();
  if (!listing) return refuseListingChange(tx.db, input.listingId, input.sellerId);
  invalidatePagesAfterCommit(tx, [pageTags.listing(listing.id), pageTags.listings]);
  return listing;
}

/**
 * Puts a closed listing's linked card back in its owner's vault (cancellation here, an admin's
 * deletion in docs/product/administration.md), in the caller's transaction.
 */
export async function returnListedCard(
  tx: Pick<TxCtx, "db">,
  listing: typeof listings.$inferSelect,
): Promise<void> {
  if (!listing.cardId) return;
  await unlistCard(tx, { cardId: listing.cardId, listingId: listing.id });
}

/** Why a seller's change to a listing was refused: not theirs (403), or no longer active (409). */
async function refuseListingChange(
  db: Pick<Ctx["db"], "select">,
  listingId: number,
  userId: string,
): Promise<never> {
  const [listing] = await db
    .select({ userId: listings.userId })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing) throw new DomainError("listing_not_found", "Listing not found", 404);
  if (listing.userId !== userId) throw notYourListing();
  throw listingUnavailable();
}
