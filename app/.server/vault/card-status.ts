import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { TxCtx } from "../context";
import { buybackOffers, slabs, userCards, type CardStatus } from "../db/schema";
import type { SlabState } from "~/lib/slabs";
import { DomainError } from "../errors";
import { listingUnavailable } from "../policy/actor";

/**
 * The one module that changes a card's status, owner or listing (`user_cards.status`,
 * `user_id`, `listing_id`): every transition is named here, joins the caller's transaction and
 * is ONE conditional update naming the state it expects (owner, status, listing), so of two
 * racing actions on one card exactly one wins and the other gets a DomainError; the caller's
 * transaction must then roll back. Rules: docs/product/vault.md "Card statuses"; lock order:
 * docs/decisions/030-card-status-and-ctx-first.md.
 *
 * Lock order, kept by every caller so racing transitions queue instead of deadlocking:
 * 1. the row the action is about, first: the listing (closed with a conditional update), the
 *    trade request, the redemption (`FOR UPDATE`), the buyback offer being accepted;
 * 2. then, per card, its pending buyback offer (cancelled here when the card leaves the vault),
 *    then the card itself;
 * 3. several cards (a trade's offered cards) in ascending id order.
 * No transition reads a card before it updates it: the update is the lock.
 *
 * Transitions (the card's status before -> after):
 * - {@link listCard} vaulted -> listed, then {@link linkCardToListing} once the listing exists;
 * - {@link unlistCard} listed -> vaulted (listing cancelled or deleted);
 * - {@link transferListedCard} listed -> vaulted in the buyer's vault (sale, accepted trade);
 * - {@link transferVaultedCard} vaulted -> vaulted in another vault (a trade's offered card);
 * - {@link redeemCard} vaulted -> redeemed; {@link returnRedeemedCard} redeemed -> vaulted;
 * - {@link sellCardToPlatform} vaulted -> sold (buyback);
 * - {@link auctionCard} vaulted -> in_auction; {@link endAuctionOfCard} in_auction -> vaulted in
 *   the winner's vault, or back in the seller's (docs/product/market.md "Auctions").
 * A card's slab (docs/design.md "Inventory (real slabs)") follows in the same transaction: redeemed
 * -> shipping out, delivered -> redeemed ({@link deliverRedeemedCard}), back to owned if the
 * redemption is cancelled; sold back -> house stock.
 * `pack opening` creates cards (vaulted); nothing else writes these columns, and lint keeps it
 * so (eslint.config.js, `no-restricted-syntax`).
 */

/** What a transition needs of the context: the transaction it joins. */
type CardCtx = Pick<TxCtx, "db">;

/** A card row, as it is after the transition. */
export type CardRow = typeof userCards.$inferSelect;

/** What a transition writes: the card's status, owner or listing. */
type CardChange = Partial<Pick<CardRow, "status" | "userId" | "listingId">>;

/** The error a caller throws instead of the transition's own when it refuses. */
type Refusal = () => DomainError;

const cardNotVaulted = () =>
  new DomainError("card_not_vaulted", "This card is no longer in your vault", 409);

/** The one conditional update every transition is. */
async function transition(
  ctx: CardCtx,
  expected: SQL | undefined,
  change: CardChange,
  refusal: Refusal,
): Promise<CardRow> {
  const [card] = await ctx.db.update(userCards).set(change).where(expected).returning();
  if (!card) throw refusal();
  return card;
}

function isOwnersCard(cardId: number, userId: string, status: CardStatus): SQL | undefined {
  return and(eq(userCards.id, cardId), eq(userCards.userId, userId), eq(userCards.status, status));
}

function isListedOn(cardId: number, listingId: number): SQL | undefined {
  return and(
    eq(userCards.id, cardId),
    eq(userCards.status, "listed"),
    eq(userCards.listingId, listingId),
  );
}

/**
 * Moves the slab a card holds (if it has one: cards issued before inventory-backed packs have
 * none) from `from` to `to` (docs/design.md "Inventory (real slabs)"); the slabs trigger records it.
 * @throws Error when the slab is not in state `from`: the card and its slab disagree, which
 * the transitions here never let happen.
 */
async function moveSlab(
  ctx: CardCtx,
  card: Pick<CardRow, "id" | "slabId">,
  from: SlabState | SlabState[],
  to: SlabState,
) {
  if (card.slabId === null) return;
  const moved = await ctx.db
    .update(slabs)
    .set({ state: to })
    .where(and(eq(slabs.id, card.slabId), inArray(slabs.state, [from].flat())))
    .returning({ id: slabs.id });
  if (moved.length === 0) throw new Error(`slab ${card.slabId} of card ${card.id} is not ${from}`);
}

/** Cancels the card's pending buyback offer: a card that leaves the vault cannot be bought back. */
async function cancelPendingBuyback(ctx: CardCtx, cardId: number): Promise<void> {
  await ctx.db
    .update(buybackOffers)
    .set({ status: "cancelled" })
    .where(and(eq(buybackOffers.cardId, cardId), eq(buybackOffers.status, "pending")));
}

/**
 * A card leaving `userId`'s vault: cancels its pending buyback offer, then the one conditional
 * update from `vaulted` (lock order 2 above: the offer, then the card).
 */
async function leaveVault(
  ctx: CardCtx,
  input: { cardId: number; userId: string },
  change: CardChange,
  refusal: Refusal,
): Promise<CardRow> {
  await cancelPendingBuyback(ctx, input.cardId);
  return transition(ctx, isOwnersCard(input.cardId, input.userId, "vaulted"), change, refusal);
}

/**
 * vaulted -> listed, for a new listing: cancels the card's pending buyback offer, then moves
 * `userId`'s vaulted card to `listed` (not yet linked: see {@link linkCardToListing}).
 * @throws DomainError `card_not_vaulted` (409, 'This card is no longer in your vault').
 */
export async function listCard(
  ctx: CardCtx,
  input: { userId: string; cardId: number },
): Promise<CardRow> {
  return leaveVault(ctx, input, { status: "listed", listingId: null }, cardNotVaulted);
}

/**
 * Links a card {@link listCard} just listed to its new listing (listed, no listing yet).
 * @throws DomainError `card_not_vaulted` (409) when it is not that unlinked listed card.
 */
export async function linkCardToListing(
  ctx: CardCtx,
  input: { cardId: number; listingId: number },
): Promise<CardRow> {
  return transition(
    ctx,
    and(
      eq(userCards.id, input.cardId),
      eq(userCards.status, "listed"),
      isNull(userCards.listingId),
    ),
    { listingId: input.listingId },
    cardNotVaulted,
  );
}

/**
 * listed -> vaulted: the card of a listing that was cancelled or deleted goes back to its
 * owner's vault (the caller closed the listing first).
 * @throws DomainError `listing_unavailable` (409) when the card is not listed on that listing.
 */
export async function unlistCard(
  ctx: CardCtx,
  input: { cardId: number; listingId: number },
): Promise<CardRow> {
  return transition(
    ctx,
    isListedOn(input.cardId, input.listingId),
    { status: "vaulted", listingId: null },
    listingUnavailable,
  );
}

/**
 * listed -> vaulted in the buyer's vault: a marketplace sale or an accepted trade hands the
 * seller's listed card to `buyerId` (the caller closed the listing first).
 * @throws DomainError `listing_unavailable` (409) when the card is no longer the seller's card
 * listed on that listing.
 */
export async function transferListedCard(
  ctx: CardCtx,
  input: { cardId: number; listingId: number; sellerId: string; buyerId: string },
): Promise<CardRow> {
  return transition(
    ctx,
    and(isListedOn(input.cardId, input.listingId), eq(userCards.userId, input.sellerId)),
    { userId: input.buyerId, status: "vaulted", listingId: null },
    listingUnavailable,
  );
}

/**
 * vaulted -> vaulted in another vault (a trade's offered card): cancels its pending buyback
 * offer (the offer was the old owner's), then moves `fromUserId`'s vaulted card to `toUserId`.
 * @throws `refusal()` when the card is not `fromUserId`'s vaulted card.
 */
export async function transferVaultedCard(
  ctx: CardCtx,
  input: { cardId: number; fromUserId: string; toUserId: string },
  refusal: Refusal,
): Promise<CardRow> {
  return leaveVault(
    ctx,
    { cardId: input.cardId, userId: input.fromUserId },
    { userId: input.toUserId },
    refusal,
  );
}

/**
 * vaulted -> redeemed: cancels the card's pending buyback offer, then moves `userId`'s vaulted
 * card to `redeemed` (a redemption requested, or an admin reopening a cancelled one).
 * @throws DomainError `card_not_vaulted` (409, 'This card is no longer in your vault'), or
 * `refusal()` when given.
 */
export async function redeemCard(
  ctx: CardCtx,
  input: { userId: string; cardId: number },
  refusal: Refusal = cardNotVaulted,
): Promise<CardRow> {
  const card = await leaveVault(ctx, input, { status: "redeemed" }, refusal);
  await moveSlab(ctx, card, "owned", "shipping_out");
  return card;
}

/**
 * redeemed -> vaulted: an admin cancelled the redemption, the card goes back to `userId`'s
 * vault (docs/product/administration.md "Redemptions").
 * @throws DomainError `card_not_redeemed` (409) when the card is not `userId`'s redeemed card.
 */
export async function returnRedeemedCard(
  ctx: CardCtx,
  input: { userId: string; cardId: number },
): Promise<CardRow> {
  const card = await transition(
    ctx,
    isOwnersCard(input.cardId, input.userId, "redeemed"),
    { status: "vaulted", listingId: null },
    () =>
      new DomainError(
        "card_not_redeemed",
        "This card is no longer held for this redemption, so it cannot go back to its owner's vault. The redemption was not cancelled.",
        409,
      ),
  );
  await moveSlab(ctx, card, ["shipping_out", "redeemed"], "owned");
  return card;
}

/** The slab column of a redeemed card, read under the redemption's lock the caller holds. */
async function redeemedCard(ctx: CardCtx, cardId: number) {
  const [card] = await ctx.db
    .select({ id: userCards.id, slabId: userCards.slabId })
    .from(userCards)
    .where(and(eq(userCards.id, cardId), eq(userCards.status, "redeemed")));
  return card;
}

/**
 * A redeemed card was delivered: its slab leaves the vault for good (shipping out ->
 * redeemed). The card's own status stays `redeemed`. Nothing for a card without a slab.
 */
export async function deliverRedeemedCard(ctx: CardCtx, input: { cardId: number }): Promise<void> {
  const card = await redeemedCard(ctx, input.cardId);
  if (card) await moveSlab(ctx, card, "shipping_out", "redeemed");
}

/** A delivery recorded by mistake is taken back: the slab is shipping out again. */
export async function undeliverRedeemedCard(
  ctx: CardCtx,
  input: { cardId: number },
): Promise<void> {
  const card = await redeemedCard(ctx, input.cardId);
  if (card) await moveSlab(ctx, card, "redeemed", "shipping_out");
}

/**
 * vaulted -> sold: the platform buys `userId`'s vaulted card back. The caller accepted the
 * card's buyback offer first (its only offer), so there is no pending offer to cancel.
 * @throws `refusal()` when the card is not `userId`'s vaulted card.
 */
export async function sellCardToPlatform(
  ctx: CardCtx,
  input: { userId: string; cardId: number },
  refusal: Refusal,
): Promise<CardRow> {
  const card = await transition(
    ctx,
    isOwnersCard(input.cardId, input.userId, "vaulted"),
    { status: "sold" },
    refusal,
  );
  // A bought-back slab returns to the house's stock, ready to be pooled again.
  await moveSlab(ctx, card, "owned", "house_stock");
  return card;
}

/**
 * vaulted -> in_auction: `userId` puts their vaulted card up for auction (docs/product/market.md
 * "Auctions"); its pending buyback offer is cancelled. The slab stays owned.
 * @throws DomainError `card_not_vaulted` (409, 'This card is no longer in your vault').
 */
export async function auctionCard(
  ctx: CardCtx,
  input: { userId: string; cardId: number },
): Promise<CardRow> {
  return leaveVault(ctx, input, { status: "in_auction" }, cardNotVaulted);
}

/**
 * in_auction -> vaulted in `toUserId`'s vault: the close of an auction (the caller settled the
 * auction row first) hands the card to the winner, or back to the seller (`toUserId` = seller)
 * when there was no bid or the reserve was not met.
 * @throws Error when the card is not the seller's card in auction: the auction and its card
 * disagree, which the transitions here never let happen.
 */
export async function endAuctionOfCard(
  ctx: CardCtx,
  input: { cardId: number; sellerId: string; toUserId: string },
): Promise<CardRow> {
  return transition(
    ctx,
    isOwnersCard(input.cardId, input.sellerId, "in_auction"),
    { userId: input.toUserId, status: "vaulted" },
    () => {
      throw new Error(`card ${input.cardId} is not in auction by ${input.sellerId}`);
    },
  );
}
