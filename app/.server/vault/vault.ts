import { and, desc, eq, gt } from "drizzle-orm";
import { cardSlabColumns } from "../inventory/slab-columns";
import { ownerId } from "../account/account-ctx";
import type { Ctx } from "../context";
import { buybackOffers, slabs, userCards, type CardStatus } from "../db/schema";
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
  /** The catalogue card the slab is (its standing bids' page); null without a slab. */
  catalogueCardId: number | null;
  pulledAt: Date;
  /** Pending and not yet expired at `ctx.now()`. */
  activeOffer: { id: number; amountCents: Cents; expiresAt: Date } | null;
};

export type Vault = {
  /** Every card the user owns or owned, newest pulled first (docs/product/vault.md). */
  cards: VaultCard[];
  summary: {
    /** Sum of the vaulted cards' estimated values (spec "Vault"). */
    totalValueCents: Cents;
    cardsInVault: number;
    activeOffers: number;
  };
};

/**
 * The signed-in user's vault (docs/product/vault.md): all their cards with
 * their active buyback offers, and the summary counters. An offer is active while pending and
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
      offerId: buybackOffers.id,
      offerAmountCents: buybackOffers.offerAmountCents,
      offerExpiresAt: buybackOffers.expiresAt,
    })
    .from(userCards)
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
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
    ({ card, slab, catalogueCardId, offerId, offerAmountCents, offerExpiresAt }): VaultCard => ({
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
      activeOffer:
        offerId !== null && offerAmountCents !== null && offerExpiresAt !== null
          ? { id: offerId, amountCents: offerAmountCents, expiresAt: offerExpiresAt }
          : null,
    }),
  );
  const vaulted = cards.filter((card) => card.status === "vaulted");
  return {
    cards,
    summary: {
      totalValueCents: vaulted.reduce((sum, card) => sum + card.estimatedValueCents, 0),
      cardsInVault: vaulted.length,
      activeOffers: vaulted.filter((card) => card.activeOffer).length,
    },
  };
}
