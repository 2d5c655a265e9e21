import { noticeOfferAnswered, noticeOfferReceived, noticeOfferWithdrawn } from "./notices";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { listings, offers, tradeRequests } from "../db/schema";
import { DomainError } from "../errors";
import { sameUnderKey } from "../policy/form-key";
import { assertMayPlay } from "../policy/guard";
import { marketActor } from "../policy/actor";
import { holdOfferAmount, releaseOfferHolds } from "../wallet/holds";
import { closeOwnListing, shareActiveListing } from "./listings";
import { declinePendingOffers, settleSale, type Sale } from "./settlement";
import { OFFER_TTL_DAYS } from "~/lib/market";
import type { NewOffer } from "~/lib/schemas/market";

const offerGone = () =>
  new DomainError("offer_unavailable", "This offer is no longer pending", 409);

/**
 * Makes a buy or trade offer on someone else's active listing (docs/product/market.md): Buy with an amount, or Trade with an item description (only on a
 * physical listing: a card is traded for vault cards through a trade request), and a message
 * of at least 10 characters. Starts pending.
 * @returns the offer's id.
 * `form` is the Make Offer form parsed once at the seam with `makeOfferSchema`
 * (docs/decisions/013-parsing-once-at-the-seam.md): the amount in cents, null for a trade.
 * The form's `idempotencyKey` (made when the page rendered) names the offer for its sender
 * (docs/product/market.md "Offers"): a retried or doubled submission, in parallel or later,
 * gets the first offer's id back and holds, notifies and mails nothing more; the key is claimed
 * by the offer's insert (unique per sender), so of two at once one inserts and the other finds
 * it once the first commits.
 * @throws DomainError `not_signed_in` (401, 'Please sign in to make an offer'); `own_listing` (403); `listing_unavailable` (409); `trade_needs_cards` (400);
 * `play_paused` (403) during a break or self-exclusion (docs/decisions/010-responsible-play.md);
 * `idempotency_conflict` (409, 'This offer was already sent with other details') when the key
 * already made an offer that differs from this form.
 */
export async function makeOffer(ctx: Ctx, form: NewOffer): Promise<{ offerId: number }> {
  const userId = marketActor(ctx, "Please sign in to make an offer");
  return inTransaction(ctx, async (tx) => {
    const earlier = await offerUnderKey(tx, userId, form);
    if (earlier) return earlier;
    await assertMayPlay(tx, {
      userId,
      kind: "offer",
      amountCents: form.offerAmountCents ?? 0,
    });
    const listing = await shareActiveListing(tx, form.listingId);
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
    const amountCents = form.offerType === "buy" ? form.offerAmountCents : null;
    if (amountCents !== null && amountCents > listing.priceCents) {
      throw new DomainError(
        "offer_above_price",
        "Your offer is above the asking price: use Buy Now",
        400,
      );
    }
    const [offer] = await tx.db
      .insert(offers)
      .values({
        listingId: listing.id,
        fromUserId: userId,
        offerType: form.offerType,
        offerAmountCents: form.offerAmountCents,
        heldCents: amountCents,
        tradeItemDescription: form.tradeItemDescription,
        message: form.message,
        createdAt: tx.now(),
        idempotencyKey: form.idempotencyKey,
      })
      .onConflictDoNothing({ target: [offers.fromUserId, offers.idempotencyKey] })
      .returning({ id: offers.id });
    // The same form, sent at once from elsewhere, committed first: this one is that offer.
    if (!offer) return (await offerUnderKey(tx, userId, form))!;
    if (amountCents !== null) {
      await holdOfferAmount(tx, { offerId: offer.id, userId, amountCents, title: listing.title });
    }
    await noticeOfferReceived(tx, {
      id: offer.id,
      listingId: listing.id,
      sellerId: listing.userId,
      offerType: form.offerType,
      amountCents,
    });
    return { offerId: offer.id };
  });
}

/**
 * The offer `userId` already made under the form's key, if any: its id when it is the same
 * offer (listing, type, amount, description, message).
 * @throws DomainError `idempotency_conflict` (409) when the key made a different offer.
 */
async function offerUnderKey(
  tx: TxCtx,
  userId: string,
  form: NewOffer,
): Promise<{ offerId: number } | null> {
  const [earlier] = await tx.db
    .select()
    .from(offers)
    .where(and(eq(offers.fromUserId, userId), eq(offers.idempotencyKey, form.idempotencyKey)));
  if (!earlier) return null;
  const same = (row: typeof earlier) =>
    row.listingId === form.listingId &&
    row.offerType === form.offerType &&
    row.offerAmountCents === form.offerAmountCents &&
    row.tradeItemDescription === form.tradeItemDescription &&
    row.message === form.message;
  return { offerId: sameUnderKey(earlier, same, "This offer was already sent") };
}

/** What accepting an offer did: a buy offer settles a sale; a trade offer closes the listing. */
export type AcceptedOffer = { kind: "sale"; sale: Sale } | { kind: "trade"; listingId: number };

/**
 * The seller accepts a pending offer on their active listing (docs/product/market.md), in ONE
 * transaction. The listing is taken first (active -> sold, or traded for a trade offer) with a
 * conditional update naming the seller, then the offer (pending -> accepted), so a seller
 * accepting two offers at once sells once. A buy offer then settles the sale at the offer's
 * amount, paid by its hold ({@link settleSale}); a trade offer (a physical exchange
 * arranged between the two) only closes the listing. Other pending offers are declined.
 * @throws DomainError `not_your_listing` (403); `listing_unavailable` (409);
 * `offer_unavailable` (409, 'This offer is no longer pending'); `insufficient_balance` (402)
 * when the buyer's wallet cannot cover it; `not_signed_in` (401).
 */
export async function acceptOffer(ctx: Ctx, input: { offerId: number }): Promise<AcceptedOffer> {
  const sellerId = marketActor(ctx);
  return inTransaction(ctx, async (tx) => {
    const [target] = await tx.db
      .select({ listingId: offers.listingId, offerType: offers.offerType })
      .from(offers)
      .where(eq(offers.id, input.offerId));
    if (!target) throw offerGone();
    const listing = await closeOwnListing(tx, {
      listingId: target.listingId,
      sellerId,
      status: target.offerType === "buy" ? "sold" : "traded",
    });
    const [offer] = await tx.db
      .update(offers)
      .set({ status: "accepted", respondedAt: tx.now() })
      .where(and(eq(offers.id, input.offerId), eq(offers.status, "pending")))
      .returning();
    if (!offer) throw offerGone();
    await noticeOfferAnswered(tx, offer, "accepted");
    if (offer.offerType === "trade") {
      await declinePendingOffers(tx, listing.id, { offerId: offer.id });
      return { kind: "trade", listingId: listing.id };
    }
    const sale = await settleSale(tx, {
      listing,
      buyerId: offer.fromUserId,
      amountCents: offer.offerAmountCents!,
      offer,
      noFundsMessage: "The buyer's wallet no longer covers this offer",
    });
    return { kind: "sale", sale };
  });
}

/**
 * Ends a pending offer: the seller of its listing declines it (`declined`), or its sender
 * withdraws it (`withdrawn`), in one transaction that also releases its hold (once: only the
 * conditional update that moved it out of `pending` releases).
 * @throws DomainError `offer_unavailable` (409) when it is not pending or not theirs to end;
 * `not_signed_in` (401).
 */
export async function endOffer(
  ctx: Ctx,
  input: { offerId: number; as: "seller" | "sender" },
): Promise<void> {
  const userId = marketActor(ctx);
  const status = input.as === "seller" ? "declined" : "withdrawn";
  await inTransaction(ctx, async (tx) => {
    const [ended] = await tx.db
      .update(offers)
      .set({ status, respondedAt: tx.now() })
      .where(
        and(
          eq(offers.id, input.offerId),
          eq(offers.status, "pending"),
          input.as === "sender"
            ? eq(offers.fromUserId, userId)
            : inArray(
                offers.listingId,
                tx.db.select({ id: listings.id }).from(listings).where(eq(listings.userId, userId)),
              ),
        ),
      )
      .returning({
        id: offers.id,
        listingId: offers.listingId,
        fromUserId: offers.fromUserId,
        heldCents: offers.heldCents,
      });
    if (!ended) throw offerGone();
    await releaseOfferHolds(tx, [ended], status);
    if (status === "declined") await noticeOfferAnswered(tx, ended, "declined");
    else await noticeOfferWithdrawn(tx, { ...ended, kind: "offer" });
  });
}

/**
 * Expires the buy offers still pending {@link OFFER_TTL_DAYS} days after they were made
 * (docs/decisions/009-held-offers-and-payouts.md), one transaction each: pending -> `expired`
 * by a conditional update, then its hold is released. The server calls it periodically (as it
 * releases overdue escrow); safe to run on several instances at once.
 * @returns how many offers this call expired.
 */
export async function expireOffers(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - OFFER_TTL_DAYS * 86_400_000);
  const due = await ctx.db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(eq(offers.status, "pending"), eq(offers.offerType, "buy"), lte(offers.createdAt, cutoff)),
    )
    .orderBy(asc(offers.id))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    const done = await inTransaction(ctx, async (tx) => {
      const [offer] = await tx.db
        .update(offers)
        .set({ status: "expired", respondedAt: tx.now() })
        .where(and(eq(offers.id, id), eq(offers.status, "pending")))
        .returning({
          id: offers.id,
          listingId: offers.listingId,
          fromUserId: offers.fromUserId,
          heldCents: offers.heldCents,
        });
      if (offer) {
        await releaseOfferHolds(tx, [offer], "expired");
        await noticeOfferAnswered(tx, offer, "expired");
      }
      return Boolean(offer);
    });
    if (done) expired += 1;
  }
  return expired;
}

/**
 * Withdraws every pending offer `userId` made (buy offers and trade offers) and every pending
 * trade request they sent, in the caller's transaction `tx`: a break or a self-exclusion
 * starts (docs/decisions/010-responsible-play.md) and no seller may take the collector's money or
 * cards while it runs. Each offer's hold is released to their wallet (once: only the conditional
 * update that moved it out of `pending` releases) and each seller is told it was withdrawn.
 * @returns how many offers and trade requests it withdrew.
 */
export async function withdrawPendingOffersOf(
  tx: TxCtx,
  userId: string,
  why: string,
): Promise<{ offers: number; trades: number }> {
  const respondedAt = tx.now();
  const ended = await tx.db
    .update(offers)
    .set({ status: "withdrawn", respondedAt })
    .where(and(eq(offers.fromUserId, userId), eq(offers.status, "pending")))
    .returning({
      id: offers.id,
      listingId: offers.listingId,
      fromUserId: offers.fromUserId,
      heldCents: offers.heldCents,
    });
  await releaseOfferHolds(tx, ended, why);
  for (const offer of ended) await noticeOfferWithdrawn(tx, { ...offer, kind: "offer" });
  const trades = await tx.db
    .update(tradeRequests)
    .set({ status: "withdrawn", respondedAt })
    .where(and(eq(tradeRequests.fromUserId, userId), eq(tradeRequests.status, "pending")))
    .returning({ id: tradeRequests.id, listingId: tradeRequests.listingId });
  for (const trade of trades) await noticeOfferWithdrawn(tx, { ...trade, kind: "trade" });
  return { offers: ended.length, trades: trades.length };
}
