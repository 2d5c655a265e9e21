import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { packs, slabs } from "../db/schema";
import { DomainError } from "../errors";
import type { CardRarity } from "~/lib/domain/rarity";
import { formatCents, type Cents } from "~/lib/money";
import { RARITIES, type RarityDistribution } from "~/lib/packs";
import { poolEconomics, type PoolTierTotals } from "~/lib/pool-economics";
import { basisPointsAsPercent } from "~/lib/rates";

/**
 * Whether a pack's pool lets it be on sale (docs/design.md "Inventory (real slabs)",
 * docs/decisions/041-pool-commitment.md), and its available count: the pool's size.
 */

/** Each tier of pack `packId`'s pool: its slabs left and the sum of their FMVs in cents. */
export async function poolTiers(
  db: Pick<Database, "select">,
  packId: number,
): Promise<Record<CardRarity, PoolTierTotals>> {
  const rows = await db
    .select({
      tier: slabs.poolTier,
      count: sql<number>`count(*)::int`,
      fmvCents: sql<Cents>`coalesce(sum(${slabs.fmvCents}), 0)`.mapWith(Number),
    })
    .from(slabs)
    .where(and(eq(slabs.packId, packId), eq(slabs.state, "in_pool")))
    .groupBy(slabs.poolTier);
  const tiers = Object.fromEntries(
    RARITIES.map((rarity) => [rarity, { count: 0, fmvCents: 0 }]),
  ) as Record<CardRarity, PoolTierTotals>;
  for (const row of rows) tiers[row.tier!] = { count: row.count, fmvCents: row.fmvCents };
  return tiers;
}

const list = (tiers: string[]) =>
  tiers.length === 1 ? tiers[0]! : `${tiers.slice(0, -1).join(", ")} and ${tiers.at(-1)}`;

/**
 * Why a pack priced `priceCents` with `distribution` cannot be on sale with the pool `tiers`,
 * or null when it can: a tier with non-zero odds holds no slab, or the pool's real FMVs give an
 * expected buyback that reaches the price (app/lib/pool-economics.ts).
 */
export function poolSaleRefusal(
  pack: { priceCents: Cents; rarityDistribution: RarityDistribution },
  tiers: Record<CardRarity, PoolTierTotals>,
): DomainError | null {
  const economics = poolEconomics(pack.priceCents, pack.rarityDistribution, tiers);
  if (economics.buybackReachesPrice === null) {
    const empty = economics.emptyTiers;
    return new DomainError(
      "pool_tier_empty",
      `The pool has no ${list(empty)} slab, and ${empty.length === 1 ? "that tier's" : "those tiers'"} odds are above 0: add slabs to the pool (or set those odds to 0) before putting the pack on sale.`,
      409,
    );
  }
  if (economics.buybackReachesPrice) {
    return new DomainError(
      "pool_pays_back_price",
      `The pool's slabs would pay back ${basisPointsAsPercent(economics.returnToPlayerBp)}% of the price (expected buyback ${formatCents(economics.expectedBuybackCents)} of ${formatCents(pack.priceCents)}): take out high-value slabs or raise the price before putting the pack on sale.`,
      409,
    );
  }
  return null;
}

/**
 * The available count of a pack with the pool `tiers` (docs/decisions/037-slab-within-a-tier.md):
 * the pool's size, or 0 when a tier with non-zero odds is empty (the stock trigger sells such a
 * pack out).
 */
export function availableCountOf(
  distribution: RarityDistribution,
  tiers: Record<CardRarity, PoolTierTotals>,
): number {
  if (RARITIES.some((rarity) => distribution[rarity] > 0 && tiers[rarity].count === 0)) return 0;
  return RARITIES.reduce((sum, rarity) => sum + tiers[rarity].count, 0);
}

/**
 * Checks, in the caller's transaction and under the pack's row lock, that the pack `pack` (as it
 * will be saved) may be on sale with its pool, and sets its available count from the pool.
 * @returns the available count written.
 * @throws DomainError `pool_tier_empty` (409) or `pool_pays_back_price` (409) when the pack is
 * active and its pool would not let it be on sale (nothing is written then).
 */
export async function settlePoolStock(
  tx: { db: Pick<Database, "select" | "update"> },
  pack: {
    id: number;
    isActive: boolean;
    priceCents: Cents;
    rarityDistribution: RarityDistribution;
  },
): Promise<number> {
  const tiers = await poolTiers(tx.db, pack.id);
  if (pack.isActive) {
    const refusal = poolSaleRefusal(pack, tiers);
    if (refusal) throw refusal;
  }
  const availableCount = availableCountOf(pack.rarityDistribution, tiers);
  await tx.db.update(packs).set({ availableCount }).where(eq(packs.id, pack.id));
  return availableCount;
}
