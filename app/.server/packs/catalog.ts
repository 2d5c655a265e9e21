import { and, asc, count, eq, gt, ne } from "drizzle-orm";

import type { Ctx } from "../context";

import { packOpenings, packs, userCards, slabs } from "../db/schema";

import { RARITIES, type PackCardNames } from "~/lib/packs";

import type { CardRarity } from "~/lib/domain/rarity";

import type { PackSummary } from "~/lib/domain/packs";

/** The columns of a {@link PackSummary}, for a select (the packs pages, the admin's Packs tab). */
export const packSummaryColumns = {
  id: packs.id,
  name: packs.name,
  description: packs.description,
  category: packs.category,
  priceCents: packs.priceCents,
  availableCount: packs.availableCount,
  imageUrl: packs.imageUrl,
  rarityDistribution: packs.rarityDistribution,
};

/** docs/product/packs-and-fairness.md: the home row shows at most 4 packs; the detail's strip fetches 8. */
export const HOME_PACKS_LIMIT = 4;
export const MORE_PACKS_FETCHED = 8;

/** Active packs, cheapest first (docs/product/packs-and-fairness.md "Browsing packs"). */
export async function listActivePacks(ctx: Ctx): Promise<PackSummary[]> {
  return ctx.db
    .select(packSummaryColumns)
    .from(packs)
    .where(eq(packs.isActive, true))
    .orderBy(asc(packs.priceCents), asc(packs.id));
}

/**
 * The home page's 'Grab a pack' row (docs/product/packs-and-fairness.md): up to
 * 4 live packs, active and in stock, cheapest first.
 */
export async function listHomePacks(ctx: Ctx): Promise<PackSummary[]> {
  return ctx.db
    .select(packSummaryColumns)
    .from(packs)
    .where(and(eq(packs.isActive, true), gt(packs.availableCount, 0)))
    .orderBy(asc(packs.priceCents), asc(packs.id))
    .limit(HOME_PACKS_LIMIT);
}

/**
 * A pack's detail: the summary, its names, the pulls so far and the slabs left by rarity, and
 * other packs.
 */
export type PackDetail = {
  /** With its odds commitment in force (docs/decisions/016-odds-commitment.md). */
  pack: PackSummary & { cardNames: PackCardNames; oddsCommitment: string };
  /** Openings of this pack so far, per rarity pulled (docs/product/packs-and-fairness.md). */
  pullsByRarity: Record<CardRarity, number>;
  /** Slabs left in the pack's pool, per tier (docs/decisions/037-slab-within-a-tier.md). */
  leftByRarity: Record<CardRarity, number>;
  /** Other active packs, cheapest first, at most 8 (docs/product/packs-and-fairness.md). */
  morePacks: PackSummary[];
};

/**
 * The pack detail of an active pack (docs/product/packs-and-fairness.md); null for an unknown or
 * inactive pack (the page then says 'Failed to load pack' and goes back to /packs).
 */
export async function loadPackDetail(ctx: Ctx, packId: number): Promise<PackDetail | null> {
  const [pack] = await ctx.db
    .select({
      ...packSummaryColumns,
      cardNames: packs.cardNames,
      oddsCommitment: packs.oddsCommitment,
    })
    .from(packs)
    .where(and(eq(packs.id, packId), eq(packs.isActive, true)));
  if (!pack) return null;
  const [pulls, left, morePacks] = await Promise.all([
    ctx.db
      .select({ rarity: userCards.rarity, n: count() })
      .from(packOpenings)
      .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
      .where(eq(packOpenings.packId, packId))
      .groupBy(userCards.rarity),
    ctx.db
      .select({ rarity: slabs.poolTier, n: count() })
      .from(slabs)
      .where(and(eq(slabs.packId, packId), eq(slabs.state, "in_pool")))
      .groupBy(slabs.poolTier),
    ctx.db
      .select(packSummaryColumns)
      .from(packs)
      .where(and(eq(packs.isActive, true), ne(packs.id, packId)))
      .orderBy(asc(packs.priceCents), asc(packs.id))
      .limit(MORE_PACKS_FETCHED),
  ]);
  const pullsByRarity = Object.fromEntries(RARITIES.map((r) => [r, 0])) as Record<
    CardRarity,
    number
  >;
  for (const { rarity, n } of pulls) pullsByRarity[rarity] = n;
  const leftByRarity = Object.fromEntries(RARITIES.map((r) => [r, 0])) as Record<
    CardRarity,
    number
  >;
  for (const { rarity, n } of left) if (rarity) leftByRarity[rarity] = n;
  return { pack, pullsByRarity, leftByRarity, morePacks };
}
