import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../context";
import { requireStaff } from "../policy/permissions";
import { cards, packs, slabs } from "../db/schema";
import { DomainError } from "../errors";
import { poolTiers } from "./pool-sale";
import type { CardRarity } from "~/lib/domain/rarity";
import type { Cents } from "~/lib/money";
import { RARITIES, percentToBasisPoints, type RarityDistribution } from "~/lib/packs";
import { poolEconomics, type PoolEconomics } from "~/lib/pool-economics";
import { tierBand, type Grader } from "~/lib/slabs";

/** The most slabs of a pool, and of house stock that fits it, one page lists. */
export const POOL_LIST_LIMIT = 200;

/** One slab as the pool screen lists it. */
export type PoolSlabRow = {
  id: number;
  grader: Grader;
  cert: string;
  grade: number;
  fmvCents: Cents;
  /** The tier it is in (a pool's slab) or fits (a house-stock candidate, commonest first). */
  tier: CardRarity;
  card: string;
};

/** A tier of the pool: its odds, admission band and the slabs left in it. */
export type PoolTierView = {
  rarity: CardRarity;
  oddsBp: number;
  band: { min: Cents; max: Cents };
  count: number;
  /** Mean FMV of its slabs, rounded down to the cent; null when it is empty. */
  meanFmvCents: Cents | null;
};

/** What the pack's pool screen shows (docs/design.md "Inventory (real slabs)"). */
export type PoolView = {
  pack: {
    id: number;
    name: string;
    category: string;
    priceCents: Cents;
    isActive: boolean;
    availableCount: number;
    rarityDistribution: RarityDistribution;
    poolCommitment: string;
  };
  tiers: PoolTierView[];
  size: number;
  /** The return to player from the pool's real FMVs, or the tiers that keep it from sale. */
  economics: PoolEconomics;
  /** The pool's slabs, tier by tier in canonical (id) order, at most {@link POOL_LIST_LIMIT}. */
  slabs: PoolSlabRow[];
  /** House-stock slabs of the pack's category that fit a tier with odds, oldest first. */
  candidates: PoolSlabRow[];
};

const cardLabel = sql<string>`${cards.year} || ' ' || ${cards.setName} || ' #' || ${cards.number}
  || ' ' || ${cards.name} || CASE WHEN ${cards.variant} = '' THEN '' ELSE ' ' || ${cards.variant} END`;

/**
 * Pack `packId`'s pool for staff: each tier's odds, admission band, count and mean FMV, the
 * return to player computed from the real FMVs (app/lib/pool-economics.ts), the pool's slabs
 * and the house-stock slabs that could join it.
 * @throws DomainError `forbidden` (403) for anyone but staff; `pack_not_found` (404).
 */
export async function loadPool(ctx: Ctx, packId: number): Promise<PoolView> {
  requireStaff(ctx, "view");
  const [pack] = await ctx.db
    .select({
      id: packs.id,
      name: packs.name,
      category: packs.category,
      priceCents: packs.priceCents,
      isActive: packs.isActive,
      availableCount: packs.availableCount,
      rarityDistribution: packs.rarityDistribution,
      poolCommitment: packs.poolCommitment,
    })
    .from(packs)
    .where(eq(packs.id, packId));
  if (!pack) throw new DomainError("pack_not_found", "Pack not found", 404);
  const totals = await poolTiers(ctx.db, packId);
  const drawn = RARITIES.filter((r) => percentToBasisPoints(pack.rarityDistribution[r]) > 0);
  const bands = Object.fromEntries(
    RARITIES.map((rarity) => [rarity, tierBand(pack.priceCents, rarity)]),
  ) as Record<CardRarity, { min: Cents; max: Cents }>;
  const slabColumns = {
    id: slabs.id,
    grader: slabs.grader,
    cert: slabs.cert,
    grade: slabs.grade,
    fmvCents: slabs.fmvCents,
    card: cardLabel,
  };
  const inPool = await ctx.db
    .select({ ...slabColumns, tier: slabs.poolTier })
    .from(slabs)
    .innerJoin(cards, eq(cards.id, slabs.cardId))
    .where(and(eq(slabs.packId, packId), eq(slabs.state, "in_pool")))
    .orderBy(
      sql`array_position(${`{${RARITIES.join(",")}}`}::text[], ${slabs.poolTier})`,
      asc(slabs.id),
    )
    .limit(POOL_LIST_LIMIT);
  const fitsDrawn: SQL[] = drawn.map(
    (rarity) => sql`${slabs.fmvCents} BETWEEN ${bands[rarity].min} AND ${bands[rarity].max}`,
  );
  const candidates =
    fitsDrawn.length === 0
      ? []
      : await ctx.db
          .select(slabColumns)
          .from(slabs)
          .innerJoin(cards, eq(cards.id, slabs.cardId))
          .where(
            and(
              eq(slabs.state, "house_stock"),
              eq(cards.category, pack.category),
              or(...fitsDrawn),
            ),
          )
          .orderBy(asc(slabs.id))
          .limit(POOL_LIST_LIMIT);
  const fitOf = (fmvCents: Cents) =>
    drawn.find((rarity) => fmvCents >= bands[rarity].min && fmvCents <= bands[rarity].max)!;
  return {
    pack,
    tiers: RARITIES.map((rarity) => ({
      rarity,
      oddsBp: percentToBasisPoints(pack.rarityDistribution[rarity]),
      band: bands[rarity],
      count: totals[rarity].count,
      meanFmvCents:
        totals[rarity].count === 0
          ? null
          : Math.floor(totals[rarity].fmvCents / totals[rarity].count),
    })),
    size: RARITIES.reduce((sum, rarity) => sum + totals[rarity].count, 0),
    economics: poolEconomics(pack.priceCents, pack.rarityDistribution, totals),
    slabs: inPool.map((row) => ({ ...row, tier: row.tier! })),
    candidates: candidates.map((row) => ({ ...row, tier: fitOf(row.fmvCents) })),
  };
}
