import { and, desc, eq, gt } from "drizzle-orm";
import { cardSlabColumns } from "../policy/slab-columns";
import { ownerId } from "../policy/account-ctx";
import { bestBidsFor, type BestBid } from "../auctions/best-bids";
import type { Ctx } from "../context";
import { buybackOffers, cardValues, slabs, userCards, type CardStatus } from "../db/schema";
import { paidCentsOf } from "../value/portfolio";
import { slabValueJoin } from "../value/slab-value";
import type { Cents } from "~/lib/money";
import { cardSlabOf, type CardSlab } from "~/lib/slabs";
import type { CardRarity } from "~/lib/domain/rarity";

/** A card as the vault shows it, with its active buyback offer (if any). */
export type VaultCard = {
  id: number;
  name: string;
  description: string;
  category: string;
  packCategory: string;
  rarity: CardRarity;
  grade: number;
  condition: string;
  estimatedValueCents: Cents;
  status: CardStatus;
  /** The slab's cert; null for a card issued before inventory-backed packs. */
  certNumber: string | null;
  /** The physical slab (grader, cert, photos); null for a card issued before. */
  slab: CardSlab | null;
  /** The catalogue card the slab is (its page /cards/{id}); null without a slab. */
  catalogueCardId: number | null;
  pulledAt: Date;
  /**
   * What it is worth today and what it cost (docs/product/value.md "Portfolio"): `fmvCents` the
   * slab's FMV (the value at the pull for a card without a slab); `estimate` its grade's current
   * estimate with confidence, null for "No estimate yet"; `paidCents` the pack price or purchase
   * price, null for a card received in a trade.
   */
  worth: {
    fmvCents: Cents;
    estimate: { fmvCents: Cents; confidence: number } | null;
    paidCents: Cents | null;
  };
  /** Pending and not yet expired at `ctx.now()`. */
  activeOffer: { id: number; amountCents: Cents; expiresAt: Date } | null;
  /** The best standing bid a vaulted slab can fill ("Sell now for $X"); null if none. */
  bestBid: BestBid | null;
};

export type Vault = {
  /** Every card the user owns or owned, newest pulled first (docs/product/vault.md). */
  cards: VaultCard[];
  summary: {
    /** Sum of the vaulted cards' FMV today (spec "Vault"; docs/product/value.md "Portfolio"). */
    totalValueCents: Cents;
    /** What the vaulted cards cost (those received in a trade count 0). */
    totalPaidCents: Cents;
    cardsInVault: number;
    activeOffers: number;
  };
};

/**
 * The signed-in user's vault (docs/product/vault.md): all their cards with
 * their active buyback offers and the best standing bid each vaulted slab can fill, and the
 * summary counters. An offer is active while pending and
 * unexpired at `ctx.now()`, and only for a vaulted card.
 * @throws DomainError `not_signed_in` (401).
 */
export async function loadVault(ctx: Ctx): Promise<Vault> {
  const userId = ownerId(ctx);
  const rows = await ctx.db
    .select({
      card: userCards,
      slab: cardSlabColumns,
      catalogueCardId: slabs.cardId,
      slabGrade: slabs.grade,
      offerId: buybackOffers.id,
      offerAmountCents: buybackOffers.offerAmountCents,
      offerExpiresAt: buybackOffers.expiresAt,
      slabFmvCents: slabs.fmvCents,
      estimateCents: cardValues.fmvCents,
      estimateConfidence: cardValues.confidence,
      paidCents: paidCentsOf(userCards),
    })
    .from(userCards)
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .leftJoin(cardValues, slabValueJoin)
    .leftJoin(
      buybackOffers,
      and(
        eq(buybackOffers.cardId, userCards.id),
        eq(buybackOffers.status, "pending"),
        gt(buybackOffers.expiresAt, ctx.now()),
        eq(userCards.status, "vaulted"),
      ),
    )
    .where(eq(userCards.userId, userId))
    .orderBy(desc(userCards.pulledAt), desc(userCards.id));
  const cards = rows.map(
    ({
      card,
      slab,
      offerId,
      offerAmountCents,
      offerExpiresAt,
      catalogueCardId,
      slabFmvCents,
      estimateCents,
      estimateConfidence,
      paidCents,
    }): Omit<VaultCard, "bestBid"> => ({
      id: card.id,
      name: card.cardName,
      description: card.cardDescription,
      category: card.category,
      packCategory: card.packCategory ?? card.category,
      rarity: card.rarity,
      grade: card.grade,
      condition: card.condition,
      estimatedValueCents: card.estimatedValueCents,
      status: card.status,
      certNumber: slab?.cert ?? null,
      slab: cardSlabOf(slab),
      catalogueCardId,
      pulledAt: card.pulledAt,
      worth: {
        fmvCents: slabFmvCents ?? card.estimatedValueCents,
        estimate:
          estimateCents !== null && estimateConfidence !== null
            ? { fmvCents: estimateCents, confidence: estimateConfidence }
            : null,
        paidCents,
      },
      activeOffer:
        offerId !== null && offerAmountCents !== null && offerExpiresAt !== null
          ? { id: offerId, amountCents: offerAmountCents, expiresAt: offerExpiresAt }
          : null,
    }),
  );
  const biddable = rows.map(({ card, slab, slabGrade }) =>
    card.status === "vaulted" && slab && slabGrade !== null
      ? { catalogueCardId: slab.cardId, grader: slab.grader, grade: slabGrade }
      : { catalogueCardId: null, grader: "", grade: 0 },
  );
  const bids = await bestBidsFor(ctx, userId, biddable);
  const withBids = cards.map((card, i): VaultCard => ({ ...card, bestBid: bids[i] ?? null }));
  const vaulted = withBids.filter((card) => card.status === "vaulted");
  return {
    cards: withBids,
    summary: {
      totalValueCents: vaulted.reduce((sum, card) => sum + card.worth.fmvCents, 0),
      totalPaidCents: vaulted.reduce((sum, card) => sum + (card.worth.paidCents ?? 0), 0),
      cardsInVault: vaulted.length,
      activeOffers: vaulted.filter((card) => card.activeOffer).length,
    },
  };
}
