import { and, eq, gt, lte, ne } from "drizzle-orm";
import { recordSale } from "../activity/record-sale";
import { recordSaleComp } from "../value/comps";
import { inTransaction, type Ctx } from "../context";
import { cards, slabs, standingBids, userCards } from "../db/schema";
import { DomainError } from "../errors";
import { marketActor } from "../policy/actor";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { payHeldSale } from "../market/held-sale";
import { splitSale } from "../market/settlement";
import { transferVaultedCard } from "../vault/card-status";
import { bidNotOpen } from "./end-standing-bids";
import { holderOf } from "./holder";
import { noticeStandingBidFilled } from "./notices";
import type { Cents } from "~/lib/money";
import { pageTags } from "~/lib/page-cache";

const cardNotVaulted = () =>
  new DomainError("card_not_vaulted", "This card is no longer in your vault", 409);

/**
 * "Sell now for $X": the owner of a vaulted slab fills an open standing bid that matches it
 * (same catalogue card and grader, grade at least the bid's minimum; docs/product/market.md
 * "Standing bids"), in ONE transaction: the bid goes open -> filled with a conditional update
 * first (of 20 owners at once, or a fill and the bidder's cancel, exactly one wins), then the
 * card moves to the bidder's vault, the bid's hold is released and pays the amount (the seller
 * gets it less the 15 % fee: one `sale` movement, reference `standing_bid:{id}`), the sale is
 * recorded for Latest Sales and the live feed, the bidder is told, and the card's page leaves
 * the page cache once it commits.
 * `expectedAmountCents` is the amount the owner saw.
 * @returns the sale's split (cents).
 * @throws DomainError `not_signed_in` (401); `card_not_vaulted` (409, 'This card is no longer in
 * your vault'); `own_bid` (403, 'You cannot fill your own bid'); `bid_not_matching` (400, 'This
 * card does not match the bid'); `bid_unavailable` (409, 'This bid is no longer open') when it
 * was filled, cancelled or expired, or its amount is not the one shown.
 */
export async function fillStandingBid(
  ctx: Ctx,
  input: { bidId: number; userCardId: number; expectedAmountCents: Cents },
): Promise<{ amountCents: Cents; platformFeeCents: Cents; sellerAmountCents: Cents }> {
  const sellerId = marketActor(ctx);
  return inTransaction(ctx, async (tx) => {
    const now = tx.now();
    const [card] = await tx.db
      .select({
        id: userCards.id,
        name: userCards.cardName,
        category: userCards.category,
        packCategory: userCards.packCategory,
        rarity: userCards.rarity,
        slabId: slabs.id,
        catalogueId: slabs.cardId,
        grader: slabs.grader,
        grade: slabs.grade,
      })
      .from(userCards)
      .innerJoin(slabs, eq(slabs.id, userCards.slabId))
      .where(
        and(
          eq(userCards.id, input.userCardId),
          eq(userCards.userId, sellerId),
          eq(userCards.status, "vaulted"),
        ),
      );
    if (!card) throw cardNotVaulted();
    const split = splitSale(input.expectedAmountCents);
    const [bid] = await tx.db
      .update(standingBids)
      .set({
        status: "filled",
        endedAt: now,
        filledCardId: card.id,
        sellerId,
        ...split,
      })
      .where(
        and(
          eq(standingBids.id, input.bidId),
          eq(standingBids.status, "open"),
          gt(standingBids.expiresAt, now),
          eq(standingBids.amountCents, input.expectedAmountCents),
          ne(standingBids.bidderId, sellerId),
          eq(standingBids.cardId, card.catalogueId),
          eq(standingBids.grader, card.grader),
          lte(standingBids.minGrade, card.grade),
        ),
      )
      .returning();
    if (!bid) {
      const [current] = await tx.db
        .select()
        .from(standingBids)
        .where(eq(standingBids.id, input.bidId));
      if (current?.bidderId === sellerId) {
        throw new DomainError("own_bid", "You cannot fill your own bid", 403);
      }
      if (
        current?.status === "open" &&
        (current.cardId !== card.catalogueId ||
          current.grader !== card.grader ||
          current.minGrade > card.grade)
      ) {
        throw new DomainError("bid_not_matching", "This card does not match the bid", 400);
      }
      throw bidNotOpen();
    }
    const bidderId = holderOf({ id: bid.id, userId: bid.bidderId }, "standing bid");
    await transferVaultedCard(
      tx,
      { cardId: card.id, fromUserId: sellerId, toUserId: bidderId },
      cardNotVaulted,
    );
    const { transactionId } = await payHeldSale(tx, {
      hold: {
        reference: `standing_bid:${bid.id}`,
        userId: bidderId,
        amountCents: bid.amountCents,
      },
      holdDescription: `Standing bid hold released (filled): ${card.name}`,
      sellerId,
      amountCents: bid.amountCents,
      reference: `standing_bid:${bid.id}`,
      description: `Standing bid filled: ${card.name}`,
      source: { standingBidId: bid.id },
      title: card.name,
    });
    const [catalogue] = await tx.db
      .select({ name: cards.name })
      .from(cards)
      .where(eq(cards.id, card.catalogueId));
    await recordSaleComp(tx, {
      slabId: card.slabId,
      transactionId,
      amountCents: bid.amountCents,
    });
    await recordSale(tx, {
      sellerId,
      salePriceCents: bid.amountCents,
      cardName: card.name,
      category: card.packCategory ?? card.category,
      rarity: card.rarity,
      soldAt: now,
      kind: "market",
      slabId: card.slabId,
    });
    await noticeStandingBidFilled(tx, {
      id: bid.id,
      bidderId,
      title: catalogue?.name ?? card.name,
      amountCents: bid.amountCents,
    });
    invalidatePagesAfterCommit(tx, [pageTags.card(card.catalogueId)]);
    return { amountCents: bid.amountCents, ...split };
  });
}
