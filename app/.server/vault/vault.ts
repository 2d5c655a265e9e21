import { and, count, desc, eq, exists, gt, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
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

/** The vault's counters, over every card (not only the page shown). */
export type VaultSummary = {
  /** Sum of the vaulted cards' FMV today (spec "Vault"; docs/product/value.md "Portfolio"). */
  totalValueCents: Cents;
  /** What the vaulted cards cost (those received in a trade count 0). */
  totalPaidCents: Cents;
  cardsInVault: number;
  /** Vaulted cards with an active buyback offer. */
  activeOffers: number;
};

export type Vault = {
  /** Every card the user owns or owned, newest pulled first (docs/product/vault.md). */
  cards: VaultCard[];
  summary: VaultSummary;
};

/** One grid's first cards and how many it has in all. */
export type VaultGrid = { cards: VaultCard[]; total: number };

/** What /vault shows: the summary, the first cards of each grid, the cards with an offer. */
export type VaultPage = {
  summary: VaultSummary;
  grids: { vaulted: VaultGrid; all: VaultGrid };
  /** Every vaulted card with an active buyback offer, newest pulled first. */
  offerCards: VaultCard[];
};

const isVaulted = sql`${userCards.status} = 'vaulted'`;

/** A card's pending buyback offer unexpired at `now`, for a vaulted card only. */
const activeOfferOf = (now: Date): SQL =>
  and(
    eq(buybackOffers.cardId, userCards.id),
    eq(buybackOffers.status, "pending"),
    gt(buybackOffers.expiresAt, now),
    eq(userCards.status, "vaulted"),
  )!;

/**
 * The vault's counters in one aggregate statement (docs/product/value.md "Portfolio"): the
 * vaulted cards' count, FMV today (the slab's, else the value at the pull) and cost (a card
 * received in a trade counts 0), how many have an active offer, and how many cards in all.
 */
async function vaultSummary(
  ctx: Ctx,
  userId: string,
): Promise<{ summary: VaultSummary; cardsInAll: number }> {
  const offered = exists(
    ctx.db.select({ id: buybackOffers.id }).from(buybackOffers).where(activeOfferOf(ctx.now())),
  );
  const total = (value: SQL) =>
    sql<number>`coalesce(sum(${value}) filter (where ${isVaulted}), 0)`.mapWith(Number);
  const [row] = await ctx.db
    .select({
      cardsInAll: count(),
      cardsInVault: sql<number>`count(*) filter (where ${isVaulted})`.mapWith(Number),
      activeOffers: sql<number>`count(*) filter (where ${offered})`.mapWith(Number),
      totalValueCents: total(sql`coalesce(${slabs.fmvCents}, ${userCards.estimatedValueCents})`),
      totalPaidCents: total(paidCentsOf(userCards)),
    })
    .from(userCards)
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .where(eq(userCards.userId, userId));
  const { cardsInAll, ...summary } = row!;
  return { summary, cardsInAll };
}

/** A card read by {@link readVaultCards}, with its place in the All Cards and its status' list. */
type RankedCard = { card: VaultCard; rankInAll: number; rankInStatus: number };

/**
 * The user's cards newest pulled first with their worth, active offer and best bid, in two
 * statements (the cards, then the bids). With `shown`, only the cards a /vault page shows: the
 * first `shown` of all, the first `shown` vaulted ones, and the vaulted ones with an active offer.
 */
async function readVaultCards(
  ctx: Ctx,
  userId: string,
  shown: number | null,
): Promise<RankedCard[]> {
  const newestFirst = sql`${userCards.pulledAt} desc, ${userCards.id} desc`;
  const ranked = ctx.db
    .select({
      id: userCards.id,
      inAll: sql<number>`row_number() over (order by ${newestFirst})`.mapWith(Number).as("in_all"),
      inStatus: sql<number>`row_number() over (partition by ${isVaulted} order by ${newestFirst})`
        .mapWith(Number)
        .as("in_status"),
    })
    .from(userCards)
    .where(eq(userCards.userId, userId))
    .as("ranked");
  const onPage =
    shown === null
      ? undefined
      : or(
          lte(ranked.inAll, shown),
          and(isVaulted, lte(ranked.inStatus, shown)),
          isNotNull(buybackOffers.id),
        );
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
      inAll: ranked.inAll,
      inStatus: ranked.inStatus,
    })
    .from(userCards)
    .innerJoin(ranked, eq(ranked.id, userCards.id))
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .leftJoin(cardValues, slabValueJoin)
    .leftJoin(buybackOffers, activeOfferOf(ctx.now()))
    .where(and(eq(userCards.userId, userId), onPage))
    .orderBy(desc(userCards.pulledAt), desc(userCards.id));
  const biddable = rows.map(({ card, slab, slabGrade }) =>
    card.status === "vaulted" && slab && slabGrade !== null
      ? { catalogueCardId: slab.cardId, grader: slab.grader, grade: slabGrade }
      : { catalogueCardId: null, grader: "", grade: 0 },
  );
  const bids = await bestBidsFor(ctx, userId, biddable);
  return rows.map((row, i) => ({
    card: {
      id: row.card.id,
      name: row.card.cardName,
      description: row.card.cardDescription,
      category: row.card.category,
      packCategory: row.card.packCategory ?? row.card.category,
      rarity: row.card.rarity,
      grade: row.card.grade,
      condition: row.card.condition,
      estimatedValueCents: row.card.estimatedValueCents,
      status: row.card.status,
      certNumber: row.slab?.cert ?? null,
      slab: cardSlabOf(row.slab),
      catalogueCardId: row.catalogueCardId,
      pulledAt: row.card.pulledAt,
      worth: {
        fmvCents: row.slabFmvCents ?? row.card.estimatedValueCents,
        estimate:
          row.estimateCents !== null && row.estimateConfidence !== null
            ? { fmvCents: row.estimateCents, confidence: row.estimateConfidence }
            : null,
        paidCents: row.paidCents,
      },
      activeOffer:
        row.offerId !== null && row.offerAmountCents !== null && row.offerExpiresAt !== null
          ? { id: row.offerId, amountCents: row.offerAmountCents, expiresAt: row.offerExpiresAt }
          : null,
      bestBid: bids[i] ?? null,
    },
    rankInAll: row.inAll,
    rankInStatus: row.inStatus,
  }));
}

/**
 * The signed-in user's vault (docs/product/vault.md): all their cards with
 * their active buyback offers and the best standing bid each vaulted slab can fill, and the
 * summary counters. An offer is active while pending and
 * unexpired at `ctx.now()`, and only for a vaulted card.
 * @throws DomainError `not_signed_in` (401).
 */
export async function loadVault(ctx: Ctx): Promise<Vault> {
  const userId = ownerId(ctx);
  const [ranked, { summary }] = await Promise.all([
    readVaultCards(ctx, userId, null),
    vaultSummary(ctx, userId),
  ]);
  return { cards: ranked.map(({ card }) => card), summary };
}

/**
 * What /vault shows (docs/product/vault.md, docs/decisions/048-collector-pages-in-fewer-statements.md):
 * the summary over every card, the first `shown` cards of the Vaulted and All Cards grids with
 * each grid's total, and every vaulted card with an active offer, in three statements (the
 * summary, the cards, their best bids) however large the vault.
 * @throws DomainError `not_signed_in` (401).
 */
export async function loadVaultPage(ctx: Ctx, shown: number): Promise<VaultPage> {
  const userId = ownerId(ctx);
  const [ranked, { summary, cardsInAll }] = await Promise.all([
    readVaultCards(ctx, userId, shown),
    vaultSummary(ctx, userId),
  ]);
  const vaulted = ranked.filter(({ card }) => card.status === "vaulted");
  return {
    summary,
    grids: {
      vaulted: {
        cards: vaulted.filter((row) => row.rankInStatus <= shown).map(({ card }) => card),
        total: summary.cardsInVault,
      },
      all: {
        cards: ranked.filter((row) => row.rankInAll <= shown).map(({ card }) => card),
        total: cardsInAll,
      },
    },
    offerCards: vaulted.filter(({ card }) => card.activeOffer).map(({ card }) => card),
  };
}
