import { noticeOfferWithdrawn, noticeTradeAnswered, noticeTradeReceived } from "./notices";
import { and, eq, inArray } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { listings, tradeItems, tradeRequests, userCards } from "../db/schema";
import { DomainError } from "../errors";
import { sameUnderKey } from "../policy/form-key";
import { assertMayPlay } from "../policy/guard";
import { listingUnavailable, marketActor } from "../policy/actor";
import { unlockAchievements } from "../rewards/achievements";
import { closeOwnListing, shareActiveListing } from "./listings";
import { transferListedCard, transferVaultedCard } from "../vault/card-status";
import { declinePendingOffers } from "./settlement";
import type { NewTrade } from "~/lib/schemas/market";

const tradeGone = () =>
  new DomainError("trade_unavailable", "This trade offer is no longer pending", 409);
const cardsGone = () =>
  new DomainError(
    "trade_cards_unavailable",
    "A card in this trade is no longer in the sender's vault",
    409,
  );

/**
 * Sends a trade offer of the user's vaulted cards for another user's active card listing
 * (docs/product/market.md): a `trade_request` to the
 * seller with one `trade_item` per card. The cards must be the sender's and vaulted now (and
 * again when the seller accepts); they stay in the vault meanwhile. The message defaults to
 * 'Trade offer for {listing title}'.
 * The form's `idempotencyKey` (made when the page rendered) names the request for its sender
 * (docs/product/market.md "Trades"): a retried or doubled submission, in parallel or later,
 * gets the first request's id back and notifies and mails nothing more (the key is claimed by
 * the request's insert, unique per sender).
 * @returns the trade request's id.
 * @throws DomainError `idempotency_conflict` (409, 'This trade offer was already sent with
 * other details') when the key already sent a different request (listing, cards or message);
 * `not_signed_in` (401, 'Please sign in to create trades');
 * `own_listing` (403);
 * `listing_unavailable` (409) unless the listing is active and has a card;
 * `card_not_vaulted` (409) when a chosen card is not the sender's vaulted card; `play_paused`
 * (403) during a break or self-exclusion (docs/decisions/010-responsible-play.md).
 */
export async function sendTradeOffer(
  ctx: Ctx,
  form: NewTrade,
): Promise<{ tradeRequestId: number }> {
  const userId = marketActor(ctx, "Please sign in to create trades");
  const cardIds = [...new Set(form.cardIds)];
  return inTransaction(ctx, async (tx) => {
    const earlier = await tradeUnderKey(tx, userId, form, cardIds);
    if (earlier) return earlier;
    await assertMayPlay(tx, { userId, kind: "offer", amountCents: 0 });
    const listing = await shareActiveListing(tx, form.listingId);
    if (!listing.cardId || !listing.userId) throw listingUnavailable();
    if (listing.userId === userId) {
      throw new DomainError("own_listing", "You cannot trade for your own listing", 403);
    }
    const owned = await tx.db
      .select({ id: userCards.id })
      .from(userCards)
      .where(
        and(
          inArray(userCards.id, cardIds),
          eq(userCards.userId, userId),
          eq(userCards.status, "vaulted"),
        ),
      );
    if (owned.length !== cardIds.length) {
      throw new DomainError("card_not_vaulted", "This card is no longer in your vault", 409);
    }
    const [request] = await tx.db
      .insert(tradeRequests)
      .values({
        listingId: listing.id,
        fromUserId: userId,
        toUserId: listing.userId,
        message: form.message || `Trade offer for ${listing.title}`,
        createdAt: tx.now(),
        idempotencyKey: form.idempotencyKey,
      })
      .onConflictDoNothing({ target: [tradeRequests.fromUserId, tradeRequests.idempotencyKey] })
      .returning({ id: tradeRequests.id });
    // The same form, sent at once from elsewhere, committed first: this one is that request.
    if (!request) return (await tradeUnderKey(tx, userId, form, cardIds))!;
    await tx.db.insert(tradeItems).values(
      cardIds.map((cardId) => ({
        tradeRequestId: request.id,
        listingId: listing.id,
        cardId,
        offeredBy: userId,
      })),
    );
    await noticeTradeReceived(tx, {
      id: request.id,
      listingId: listing.id,
      toUserId: listing.userId,
      cards: cardIds.length,
    });
    return { tradeRequestId: request.id };
  });
}

/**
 * The trade request `userId` already sent under the form's key, if any: its id when it is the
 * same request (listing, set of cards, message as typed or its default).
 * @throws DomainError `idempotency_conflict` (409) when the key sent a different request.
 */
async function tradeUnderKey(
  tx: TxCtx,
  userId: string,
  form: { idempotencyKey: string; listingId: number; message?: string },
  cardIds: number[],
): Promise<{ tradeRequestId: number } | null> {
  const [earlier] = await tx.db
    .select({
      id: tradeRequests.id,
      listingId: tradeRequests.listingId,
      message: tradeRequests.message,
      title: listings.title,
    })
    .from(tradeRequests)
    .innerJoin(listings, eq(listings.id, tradeRequests.listingId))
    .where(
      and(
        eq(tradeRequests.fromUserId, userId),
        eq(tradeRequests.idempotencyKey, form.idempotencyKey),
      ),
    );
  if (!earlier) return null;
  const items = await tx.db
    .select({ cardId: tradeItems.cardId })
    .from(tradeItems)
    .where(eq(tradeItems.tradeRequestId, earlier.id));
  const sent = new Set(items.map((item) => item.cardId));
  const same = (row: typeof earlier) =>
    row.listingId === form.listingId &&
    row.message === (form.message || `Trade offer for ${row.title}`) &&
    sent.size === cardIds.length &&
    cardIds.every((cardId) => sent.has(cardId));
  return { tradeRequestId: sameUnderKey(earlier, same, "This trade offer was already sent") };
}

/**
 * The seller accepts a pending trade request for their active card listing (docs/product/market.md), in ONE transaction that swaps ownership at once: the listing becomes `traded`; its
 * card goes to the sender's vault (vaulted, listing cleared); every offered card goes to the
 * seller's vault, still vaulted, and its pending buyback offer is cancelled. Each move is a
 * conditional update naming the owner and status it expects: if any offered card left the
 * sender's vault since (bought back, redeemed, listed, traded), nothing changes. Other pending
 * offers on the listing are declined; both sides may unlock trade achievements. Locks: listing, request, then each card's buyback offer
 * before the card (the order acceptBuyback keeps).
 * @returns the ids of the cards the seller received.
 * @throws DomainError `not_your_listing` (403); `listing_unavailable` (409);
 * `trade_unavailable` (409); `trade_cards_unavailable` (409); `not_signed_in` (401).
 */
export async function acceptTrade(
  ctx: Ctx,
  input: { tradeRequestId: number },
): Promise<{ listingId: number; receivedCardIds: number[] }> {
  const sellerId = marketActor(ctx);
  return inTransaction(ctx, async (tx) => {
    const [target] = await tx.db
      .select({ listingId: tradeRequests.listingId })
      .from(tradeRequests)
      .where(eq(tradeRequests.id, input.tradeRequestId));
    if (!target) throw tradeGone();
    const listing = await closeOwnListing(tx, {
      listingId: target.listingId,
      sellerId,
      status: "traded",
    });
    const [request] = await tx.db
      .update(tradeRequests)
      .set({ status: "accepted", respondedAt: tx.now() })
      .where(and(eq(tradeRequests.id, input.tradeRequestId), eq(tradeRequests.status, "pending")))
      .returning();
    if (!request) throw tradeGone();
    if (!listing.cardId) throw listingUnavailable();
    await noticeTradeAnswered(tx, request, "accepted");

    await transferListedCard(tx, {
      cardId: listing.cardId,
      listingId: listing.id,
      sellerId,
      buyerId: request.fromUserId,
    });

    const items = await tx.db
      .select({ cardId: tradeItems.cardId })
      .from(tradeItems)
      .where(eq(tradeItems.tradeRequestId, request.id))
      .orderBy(tradeItems.cardId);
    const receivedCardIds: number[] = [];
    for (const { cardId } of items) {
      const moved = await transferVaultedCard(
        tx,
        { cardId, fromUserId: request.fromUserId, toUserId: sellerId },
        cardsGone,
      );
      receivedCardIds.push(moved.id);
    }
    await declinePendingOffers(tx, listing.id, { tradeRequestId: request.id });
    // In id order: two opposite trades at once lock the two rewards rows in the same order.
    for (const userId of [sellerId, request.fromUserId].sort()) {
      await unlockAchievements(tx, {
        userId,
        trigger: "trade",
        source: `trade_request:${request.id}`,
      });
    }
    return { listingId: listing.id, receivedCardIds };
  });
}

/**
 * Ends a pending trade request: the seller declines it (`declined`), or its sender withdraws
 * it (`withdrawn`); nothing else changes.
 * @throws DomainError `trade_unavailable` (409) when it is not pending or not theirs to end;
 * `not_signed_in` (401).
 */
export async function endTrade(
  ctx: Ctx,
  input: { tradeRequestId: number; as: "seller" | "sender" },
): Promise<void> {
  const userId = marketActor(ctx);
  await inTransaction(ctx, async (tx) => {
    const [ended] = await tx.db
      .update(tradeRequests)
      .set({ status: input.as === "seller" ? "declined" : "withdrawn", respondedAt: tx.now() })
      .where(
        and(
          eq(tradeRequests.id, input.tradeRequestId),
          eq(tradeRequests.status, "pending"),
          eq(input.as === "seller" ? tradeRequests.toUserId : tradeRequests.fromUserId, userId),
        ),
      )
      .returning({
        id: tradeRequests.id,
        listingId: tradeRequests.listingId,
        fromUserId: tradeRequests.fromUserId,
      });
    if (!ended) throw tradeGone();
    if (input.as === "seller") await noticeTradeAnswered(tx, ended, "declined");
    else await noticeOfferWithdrawn(tx, { ...ended, kind: "trade" });
  });
}
