import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { queryRows } from "../db/rows";
import { cards, packs, slabs } from "../db/schema";
import { DomainError } from "../errors";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { commitPool } from "../policy/pool-commitment";
import { poolTiers, settlePoolStock } from "./pool-sale";
import type { CardRarity } from "~/lib/domain/rarity";
import { formatCents, type Cents } from "~/lib/money";
import { RARITIES, percentToBasisPoints } from "~/lib/packs";
import { pageTags } from "~/lib/page-cache";
import type { FillPool, PoolSlabs } from "~/lib/schemas/pools";
import { poolCountsFor, tierBand, tiersFor } from "~/lib/slabs";

/**
 * A pack's pool of slabs (docs/design.md "Inventory (real slabs)", docs/decisions/037 and 041):
 * composed by staff by hand or filled from house stock, each change committed (a new pool
 * commitment) and followed by the pack's available count (the pool's size), in one transaction
 * under the pack's row lock.
 */

type PackRow = typeof packs.$inferSelect;

/** What a composition did, for the admin's toast. */
export type PoolChange = { description: string };

/**
 * Returns every slab of pack `packId`'s pool to the house's stock (docs/design.md "Inventory (real
 * slabs)"), in the caller's transaction: a pack that is deleted leaves no slab behind in a
 * pool nobody can draw from. The slabs trigger records each move.
 * @returns how many slabs went back.
 */
export async function releasePool(tx: Pick<TxCtx, "db" | "now">, packId: number): Promise<number> {
  const released = await tx.db
    .update(slabs)
    .set({ state: "house_stock", packId: null, poolTier: null, updatedAt: tx.now() })
    .where(and(eq(slabs.packId, packId), eq(slabs.state, "in_pool")))
    .returning({ id: slabs.id });
  return released.length;
}

/** The pack `packId`, locked until the transaction ends (openings wait at COMMIT); 404 when gone. */
async function lockPack(tx: TxCtx, packId: number): Promise<PackRow> {
  const [pack] = await tx.db.select().from(packs).where(eq(packs.id, packId)).for("update");
  if (!pack) throw new DomainError("pack_not_found", "Pack not found", 404);
  return pack;
}

const slabLabel = (slab: { grader: string; cert: string }) => `${slab.grader} ${slab.cert}`;
const plural = (n: number, one: string) =>
  `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** "common $14.00-$26.00, uncommon ...": a pack's admission bands, for refusals. */
function bandsText(priceCents: Cents): string {
  return RARITIES.map((rarity) => {
    const band = tierBand(priceCents, rarity);
    return `${rarity} ${formatCents(band.min)}-${formatCents(band.max)}`;
  }).join(", ");
}

/**
 * The tier slab `slab` is admitted to in `pack`'s pool: the commonest tier with non-zero odds
 * whose admission band (`tierBand`, app/lib/slabs.ts) holds its FMV.
 * @throws DomainError `slab_fits_no_tier` (400) naming the slab, its FMV and the bands.
 */
function admissionTier(pack: PackRow, slab: { grader: string; cert: string; fmvCents: Cents }) {
  const fits = tiersFor(pack.priceCents, slab.fmvCents);
  const drawn = fits.filter((tier) => percentToBasisPoints(pack.rarityDistribution[tier]) > 0);
  if (drawn.length > 0) return drawn[0]!;
  const why =
    fits.length > 0
      ? `fits only the ${fits.join(" and ")} tier, whose odds are 0`
      : `fits no tier of this ${formatCents(pack.priceCents)} pack (${bandsText(pack.priceCents)})`;
  throw new DomainError(
    "slab_fits_no_tier",
    `Slab ${slabLabel(slab)} (FMV ${formatCents(slab.fmvCents)}) ${why}.`,
    400,
  );
}

/**
 * After a change of the pool: records its commitment, sets the pack's available count (and
 * refuses the change if the pack is on sale and the pool no longer lets it be), writes the
 * audit row and invalidates the pack's pages.
 */
async function afterComposition(
  tx: TxCtx,
  pack: PackRow,
  change: { action: "pool.add" | "pool.remove" | "pool.fill"; slabIds: number[] },
): Promise<void> {
  const commitment = await commitPool(tx, pack.id);
  const availableCount = await settlePoolStock(tx, pack);
  await recordAudit(tx, {
    action: `pack.${change.action}`,
    targetType: "pack",
    targetId: pack.id,
    before: { availableCount: pack.availableCount, poolCommitment: pack.poolCommitment },
    after: { availableCount, poolCommitment: commitment, slabIds: change.slabIds },
  });
  invalidatePagesAfterCommit(tx, [pageTags.pack(pack.id), pageTags.packs]);
}

/**
 * Puts house-stock slabs `slabIds` into pack `packId`'s pool by hand, each in the tier its FMV
 * is admitted to (`admissionTier`); all or none. The slabs are locked (FOR UPDATE, in id order)
 * after the pack, so two staff never put one slab in two pools: the second finds it no longer
 * in house stock.
 * @throws DomainError `forbidden` (403) for anyone but an admin; `pack_not_found` (404);
 * `slab_not_found` (404); `slab_not_in_stock` (409) for a slab not in house stock;
 * `slab_wrong_category` (400) for a card of another category than the pack's;
 * `slab_fits_no_tier` (400); `pool_tier_empty` / `pool_pays_back_price` (409) when the pack is
 * on sale and the pool would no longer let it be.
 */
export async function addToPool(ctx: Ctx, input: PoolSlabs): Promise<PoolChange> {
  requireStaff(ctx, "managePacks");
  const ids = [...new Set(input.slabIds)];
  return inTransaction(ctx, async (tx) => {
    const pack = await lockPack(tx, input.packId);
    const rows = await tx.db
      .select({
        id: slabs.id,
        grader: slabs.grader,
        cert: slabs.cert,
        fmvCents: slabs.fmvCents,
        state: slabs.state,
        category: cards.category,
      })
      .from(slabs)
      .innerJoin(cards, eq(cards.id, slabs.cardId))
      .where(inArray(slabs.id, ids))
      .orderBy(asc(slabs.id))
      .for("update", { of: slabs });
    const missing = ids.find((id) => !rows.some((row) => row.id === id));
    if (missing !== undefined) {
      throw new DomainError("slab_not_found", `Slab #${missing} was not found`, 404);
    }
    const byTier = new Map<CardRarity, number[]>();
    for (const slab of rows) {
      if (slab.state !== "house_stock") {
        throw new DomainError(
          "slab_not_in_stock",
          `Slab ${slabLabel(slab)} is not in house stock (it is ${slab.state.replace("_", " ")}): only house stock can join a pool.`,
          409,
        );
      }
      if (slab.category !== pack.category) {
        throw new DomainError(
          "slab_wrong_category",
          `Slab ${slabLabel(slab)} is a ${slab.category} card; this is a ${pack.category} pack.`,
          400,
        );
      }
      const tier = admissionTier(pack, slab);
      byTier.set(tier, [...(byTier.get(tier) ?? []), slab.id]);
    }
    for (const [tier, tierIds] of byTier) {
      await tx.db
        .update(slabs)
        .set({ state: "in_pool", packId: pack.id, poolTier: tier, updatedAt: tx.now() })
        .where(and(inArray(slabs.id, tierIds), eq(slabs.state, "house_stock")));
    }
    await afterComposition(tx, pack, { action: "pool.add", slabIds: ids });
    return {
      description: `${plural(ids.length, "slab")} added: ${[...byTier]
        .map(([tier, tierIds]) => `${tierIds.length} ${tier}`)
        .join(", ")}.`,
    };
  });
}

/**
 * Takes slabs `slabIds` out of pack `packId`'s pool, back to house stock; all or none. A slab an
 * opening is pulling at this moment is skipped by its row lock (SKIP LOCKED, so staff never wait
 * on a pull nor deadlock with one) and the removal refused.
 * @throws DomainError `forbidden` (403); `pack_not_found` (404); `slab_not_in_pool` (409) for a
 * slab that is not (or no longer) in this pool; `pool_tier_empty` / `pool_pays_back_price`
 * (409) when the pack is on sale and the pool would no longer let it be.
 */
export async function removeFromPool(ctx: Ctx, input: PoolSlabs): Promise<PoolChange> {
  requireStaff(ctx, "managePacks");
  const ids = [...new Set(input.slabIds)];
  return inTransaction(ctx, async (tx) => {
    const pack = await lockPack(tx, input.packId);
    const moved = await queryRows<{ id: number }>(
      tx.db,
      sql`WITH picked AS MATERIALIZED (
            SELECT id FROM slabs
            WHERE id = ANY(${`{${ids.join(",")}}`}::int[]) AND pack_id = ${pack.id}::int
              AND state = 'in_pool'
            ORDER BY id FOR UPDATE SKIP LOCKED)
          UPDATE slabs SET state = 'house_stock', pack_id = NULL, pool_tier = NULL,
            updated_at = ${tx.now().toISOString()}::timestamptz
          FROM picked WHERE slabs.id = picked.id
          RETURNING slabs.id`,
    );
    if (moved.length < ids.length) {
      const gone = ids.find((id) => !moved.some((row) => row.id === id))!;
      throw new DomainError(
        "slab_not_in_pool",
        `Slab #${gone} is not in this pack's pool any more (pulled, removed, or being pulled right now). Reload the pool and try again.`,
        409,
      );
    }
    await afterComposition(tx, pack, { action: "pool.remove", slabIds: ids });
    return { description: `${plural(ids.length, "slab")} returned to house stock.` };
  });
}

/**
 * Fills pack `packId`'s pool from house stock up to enough slabs per tier for `units` packs at
 * the pack's odds (`poolCountsFor`, app/lib/slabs.ts): for each tier short of its target, rarest first (the rare
 * and legendary bands overlap), the house-stock slabs of the pack's category inside the tier's
 * admission band, oldest first, are claimed with FOR UPDATE SKIP LOCKED and the state checked
 * again, so two staff filling at once (this pack or others) never put one slab in two pools and
 * never wait on each other's slabs. What house stock lacks is reported, not invented.
 * @returns the toast's description: slabs added per tier and any shortfall.
 * @throws DomainError `forbidden` (403); `pack_not_found` (404); `pool_tier_empty` /
 * `pool_pays_back_price` (409) when the pack is on sale and the filled pool would not let it be.
 */
export async function fillPool(ctx: Ctx, input: FillPool): Promise<PoolChange> {
  requireStaff(ctx, "managePacks");
  return inTransaction(ctx, async (tx) => {
    const pack = await lockPack(tx, input.packId);
    const target = poolCountsFor(input.units, pack.rarityDistribution);
    const tiers = await poolTiers(tx.db, pack.id);
    const added: number[] = [];
    const parts: string[] = [];
    const short: string[] = [];
    for (const tier of [...RARITIES].reverse()) {
      const need = target[tier] - tiers[tier].count;
      if (need <= 0) continue;
      const band = tierBand(pack.priceCents, tier);
      const moved = await queryRows<{ id: number }>(
        tx.db,
        // The pick is materialised once: an IN (subquery) may be rescanned and pick more.
        sql`WITH picked AS MATERIALIZED (
              SELECT s.id FROM slabs s JOIN cards c ON c.id = s.card_id
              WHERE s.state = 'house_stock' AND c.category = ${pack.category}
                AND s.fmv_cents BETWEEN ${band.min}::bigint AND ${band.max}::bigint
              ORDER BY s.id LIMIT ${need}::int
              FOR UPDATE OF s SKIP LOCKED)
            UPDATE slabs SET state = 'in_pool', pack_id = ${pack.id}::int, pool_tier = ${tier},
              updated_at = ${tx.now().toISOString()}::timestamptz
            FROM picked WHERE slabs.id = picked.id AND slabs.state = 'house_stock'
            RETURNING slabs.id`,
      );
      added.push(...moved.map((row) => row.id));
      if (moved.length > 0) parts.unshift(`${moved.length} ${tier}`);
      if (moved.length < need) {
        short.unshift(
          `${need - moved.length} ${tier} (${formatCents(band.min)}-${formatCents(band.max)})`,
        );
      }
    }
    if (added.length > 0) await afterComposition(tx, pack, { action: "pool.fill", slabIds: added });
    const done =
      added.length > 0
        ? `${plural(added.length, "slab")} added: ${parts.join(", ")}.`
        : short.length > 0
          ? "No slab added."
          : `The pool already holds enough slabs for ${plural(input.units, "pack")}.`;
    return {
      description: short.length > 0 ? `${done} House stock lacks ${short.join(", ")}.` : done,
    };
  });
}
