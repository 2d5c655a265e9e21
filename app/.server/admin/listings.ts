import { and, desc, eq, sql } from "drizzle-orm";
import { inTransaction, type Ctx } from "../context";
import {
  listings,
  offers,
  profiles,
  tradeRequests,
  userCards,
  type CardStatus,
  type ListingStatus,
} from "../db/schema";
import { DomainError } from "../errors";
import { returnListedCard } from "../market/listings";
import { noticeListingRemoved } from "../market/notices";
import { declinePendingOffers } from "../market/settlement";
import { recordAudit } from "../policy/audit";
import { mapPage, readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import type { Cents } from "~/lib/money";
import type { ListingDeletion } from "~/lib/schemas/admin";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";

/** One row of the Listings tab (docs/product/administration.md, listing, with its seller and linked card). */
export type AdminListing = {
  id: number;
  title: string;
  priceCents: Cents;
  category: string;
  condition: string;
  status: ListingStatus;
  createdAt: Date;
  sellerId: string;
  sellerEmail: string;
  sellerName: string;
  /** The linked vault card, or null for a physical item the seller holds. */
  card: { id: number; name: string; status: CardStatus } | null;
  /** Pending buy or trade offers and trade requests on it. */
  pendingOffers: number;
};

/**
 * Pending offers and trade requests on the listing of the row (column names spelled out: Drizzle
 * leaves columns unqualified in a one-table select, which a correlated subquery cannot use).
 */
const pendingOffersOf = sql<number>`(
  (select count(*) from ${offers} o where o.listing_id = ${listings}.id and o.status = 'pending')
  + (select count(*) from ${tradeRequests} r where r.listing_id = ${listings}.id and r.status = 'pending')
)::int`;

/**
 * One page of every listing, newest first, whatever its status, matching `q` in the title or
 * the seller's email or name (case-insensitive), with the total of matches (docs/product/administration.md,
 * Listings: "list with delete"; docs/product/administration.md).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listAllListings(
  ctx: Ctx,
  { page, q }: PageQuery,
): Promise<Paged<AdminListing>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [listings.title, profiles.email, profiles.fullName]);
  const matches = ctx.db
    .select({
      id: listings.id,
      title: listings.title,
      priceCents: listings.priceCents,
      category: listings.category,
      condition: listings.condition,
      status: listings.status,
      createdAt: listings.createdAt,
      sellerId: profiles.id,
      sellerEmail: profiles.email,
      sellerName: profiles.fullName,
      cardId: userCards.id,
      cardName: userCards.cardName,
      cardStatus: userCards.status,
      pendingOffers: pendingOffersOf,
    })
    .from(listings)
    .innerJoin(profiles, eq(profiles.id, listings.userId))
    .leftJoin(userCards, eq(userCards.id, listings.cardId))
    .where(where)
    .$dynamic();
  const paged = await readPage(ctx.db, page, matches, desc(listings.createdAt), desc(listings.id));
  return mapPage(paged, ({ cardId, cardName, cardStatus, pendingOffers, ...row }) => ({
    ...row,
    card:
      cardId !== null && cardName !== null && cardStatus !== null
        ? { id: cardId, name: cardName, status: cardStatus }
        : null,
    pendingOffers: Number(pendingOffers),
  }));
}

/** How each closed status reads in a refusal ("This listing was sold"). */
const CLOSED_WORDING: Record<Exclude<ListingStatus, "active">, string> = {
  sold: "was sold",
  traded: "was traded",
  cancelled: "was cancelled by its seller",
  removed: "was already deleted",
};

/**
 * Deletes a listing as staff (docs/product/administration.md: listings delete by id; docs/product/administration.md), in ONE
 * transaction: the listing becomes `removed` (the row stays, as transactions and offers
 * reference it), a linked card returns to its owner's vault (`returnListedCard`), every pending
 * offer and trade request on it is declined (`declinePendingOffers`), and an audit row records
 * the listing before and after with the number of offers declined. Only an active listing can
 * be deleted: a sold or traded one is history. The seller is told (in the app and, with order
 * updates on, by mail), as is each sender of a declined offer or trade request.
 * Takes `deleteListingSchema`'s output.
 * @throws DomainError `listing_not_found` (404), `listing_closed`
 * (409, 'This listing was sold, so it cannot be deleted. Only active listings can be deleted.'),
 * `forbidden` (403) for anyone but an admin or a moderator.
 */
export async function deleteListing(ctx: Ctx, { listingId }: ListingDeletion): Promise<void> {
  requireStaff(ctx, "deleteListing");
  await inTransaction(ctx, async (tx) => {
    const [listing] = await tx.db
      .update(listings)
      .set({ status: "removed", closedAt: tx.now(), updatedAt: tx.now() })
      .where(and(eq(listings.id, listingId), eq(listings.status, "active")))
      .returning();
    invalidatePagesAfterCommit(tx, [pageTags.listing(listingId), pageTags.listings]);
    if (!listing) {
      const [found] = await tx.db
        .select({ status: listings.status })
        .from(listings)
        .where(eq(listings.id, listingId));
      if (!found) throw new DomainError("listing_not_found", "Listing not found", 404);
      const status = found.status as Exclude<ListingStatus, "active">;
      throw new DomainError(
        "listing_closed",
        `This listing ${CLOSED_WORDING[status]}, so it cannot be deleted. Only active listings can be deleted.`,
        409,
      );
    }
    // Counted under the listing's row lock: no offer can be added to a removed listing.
    const [pending] = await tx.db
      .select({ offers: pendingOffersOf })
      .from(listings)
      .where(eq(listings.id, listing.id));
    const offersDeclined = Number(pending?.offers ?? 0);
    await returnListedCard(tx, listing);
    await declinePendingOffers(tx, listing.id);
    await noticeListingRemoved(tx, listing, offersDeclined);
    const snapshot = {
      title: listing.title,
      sellerId: listing.userId,
      priceCents: listing.priceCents,
      cardId: listing.cardId,
    };
    await recordAudit(tx, {
      action: "listing.delete",
      targetType: "listing",
      targetId: listing.id,
      before: { ...snapshot, status: "active" },
      after: {
        ...snapshot,
        status: listing.status,
        cardReturnedToVault: listing.cardId !== null,
        offersDeclined,
      },
    });
  });
  ctx.log.info({ listingId, by: ctx.actor?.userId }, "listing deleted by staff");
}
