import { and, eq, inArray } from "drizzle-orm";
import { checkInput } from "../account/account-ctx";
import type { Ctx } from "../context";
import { listings, offers } from "../db/schema";
import { DomainError } from "../errors";
import { assertMayPlay } from "../play/guard";
import { listingUnavailable, marketActor } from "./actor";
import { closeOwnListing } from "./listings";
import { declinePendingOffers, settleSale, type Sale } from "./settlement";
import { makeOfferSchema, type MakeOfferInput } from "~/lib/schemas/market";

const offerGone = () =>
  new DomainError("offer_unavailable", "This offer is no longer pending", 409);

/**
 * Makes a buy or trade offer on someone else's active listing (spec sections 2 'Make Offer'
 * and 5; issue 6 section 2): Buy with an amount, or Trade with an item description (only on a
 * physical listing: a card is traded for vault cards through a trade request), and a message
 * of at least 10 characters. Starts pending.
 * @returns the offer's id.
 * @throws DomainError `not_signed_in` (401, 'Please sign in to make an offer'); `invalid_offer`
 * (400) with the spec's message ('Please provide offer details', 'Message must be at least 10
 * characters'); `own_listing` (403); `listing_unavailable` (409); `trade_needs_cards` (400);
 * `play_paused` (403) during a break or self-exclusion (docs/decisions/010-responsible-play.md).
 */
export async function makeOffer(ctx: Ctx, input: MakeOfferInput): Promise<{ offerId: number }> {
  const userId = marketActor(ctx, "Please sign in to make an offer");
  const form = checkInput(makeOfferSchema, input, "invalid_offer");
  return ctx.db.transaction(async (tx) => {
    await assertMayPlay(tx, ctx, {
      userId,
      kind: "offer",
      amountCents: form.offerAmountCents ?? 0,
    });
    const [listing] = await tx
      .select()
      .from(listings)
      .where(eq(listings.id, form.listingId))
      .for("share");
    if (!listing || listing.status !== "active") throw listingUnavailable();
    if (listing.userId === userId) {
      throw new DomainError("own_listing", "You cannot make an offer on your own listing", 403);
    }
    if (form.offerType === "trade" && listing.cardId) {
      throw new DomainError(
        "trade_needs_cards",
        "This listing is a vault card: use Trade to offer cards from your vault",
        400,
      );
    }
    const [offer] = await tx
      .insert(offers)
      .values({
        listingId: listing.id,
        fromUserId: userId,
        offerType: form.offerType,
        offerAmountCents: form.offerAmountCents,
        tradeItemDescription: form.tradeItemDescription,
        message: form.message,
        createdAt: ctx.now(),
      })
      .returning({ id: offers.id });
    return { offerId: offer!.id };
  });
}

/** What accepting an offer did: a buy offer settles a sale; a trade offer closes the listing. */
export type AcceptedOffer = { kind: "sale"; sale: Sale } | { kind: "trade"; listingId: number };

/**
 * The seller accepts a pending offer on their active listing (issue 6 sections 2-3), in ONE
 * transaction. The listing is taken first (active -> sold, or traded for a trade offer) with a
 * conditional update naming the seller, then the offer (pending -> accepted), so a seller
 * accepting two offers at once sells once. A buy offer then settles the sale at the offer's
 * amount from the offerer's wallet ({@link settleSale}); a trade offer (a physical exchange
 * arranged between the two) only closes the listing. Other pending offers are declined.
 * @throws DomainError `not_your_listing` (403); `listing_unavailable` (409);
 * `offer_unavailable` (409, 'This offer is no longer pending'); `insufficient_balance` (402)
 * when the buyer's wallet cannot cover it; `not_signed_in` (401).
 */
export async function acceptOffer(ctx: Ctx, input: { offerId: number }): Promise<AcceptedOffer> {
  const sellerId = marketActor(ctx);
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ listingId: offers.listingId, offerType: offers.offerType })
      .from(offers)
      .where(eq(offers.id, input.offerId));
    if (!target) throw offerGone();
    const listing = await closeOwnListing(tx, ctx, {
      listingId: target.listingId,
      sellerId,
      status: target.offerType === "buy" ? "sold" : "traded",
    });
    const [offer] = await tx
      .update(offers)
      .set({ status: "accepted", respondedAt: ctx.now() })
      .where(and(eq(offers.id, input.offerId), eq(offers.status, "pending")))
      .returning();
    if (!offer) throw offerGone();
    if (offer.offerType === "trade") {
      await declinePendingOffers(tx, ctx, listing.id, { offerId: offer.id });
      return { kind: "trade", listingId: listing.id };
    }
    const sale = await settleSale(tx, ctx, {
      listing,
      buyerId: offer.fromUserId,
      amountCents: offer.offerAmountCents!,
      offerId: offer.id,
      noFundsMessage: "The buyer's wallet no longer covers this offer",
    });
    return { kind: "sale", sale };
  });
}

/**
 * Ends a pending offer: the seller of its listing declines it (`declined`), or its sender
 * withdraws it (`withdrawn`); nothing else changes.
 * @throws DomainError `offer_unavailable` (409) when it is not pending or not theirs to end;
 * `not_signed_in` (401).
 */
export async function endOffer(
  ctx: Ctx,
  input: { offerId: number; as: "seller" | "sender" },
): Promise<void> {
  const userId = marketActor(ctx);
  const [ended] = await ctx.db
    .update(offers)
    .set({ status: input.as === "seller" ? "declined" : "withdrawn", respondedAt: ctx.now() })
    .where(
      and(
        eq(offers.id, input.offerId),
        eq(offers.status, "pending"),
        input.as === "sender"
          ? eq(offers.fromUserId, userId)
          : inArray(
              offers.listingId,
              ctx.db.select({ id: listings.id }).from(listings).where(eq(listings.userId, userId)),
            ),
      ),
    )
    .returning({ id: offers.id });
  if (!ended) throw offerGone();
}
