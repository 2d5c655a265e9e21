import { isDeepStrictEqual } from "node:util";
import { count, desc, eq, sql } from "drizzle-orm";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { packOpenings, packs } from "../db/schema";
import { DomainError } from "../errors";
import { packSummaryColumns } from "../packs/catalog";
import { recordOdds } from "../packs/odds";
import { releasePool } from "../inventory/pools";
import { settlePoolStock } from "../inventory/pool-sale";
import { announcePackArrival, onSale } from "../packs/arrivals";
import { recordAudit } from "../policy/audit";
import { createdBefore } from "./form-keys";
import { mapPage, readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import { photosOfEach } from "../media/photos";
import type { Photo } from "~/lib/domain/media";
import type { PackSummary } from "~/lib/domain/packs";
import { packEconomics } from "~/lib/pack-economics";
import type { PackCardNames } from "~/lib/packs";
import type { NewPack, PackFields, PackId, PackUpdate } from "~/lib/schemas/admin";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { pageTags } from "~/lib/page-cache";

/**
 * One row of the Packs tab: every field an admin edits (the pack as tiles show it, with its
 * active flag and card names), with the number of openings.
 */
export type AdminPack = PackSummary & {
  isActive: boolean;
  cardNames: PackCardNames;
  /** Pack openings so far: a pack with any is deactivated instead of deleted. */
  openings: number;
  /** Its photos in their order (docs/product/catalogue.md "Photos"). */
  photos: Photo[];
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The openings of the pack of the row (column names spelled out: Drizzle leaves columns
 * unqualified in a one-table select, which a correlated subquery cannot use).
 */
const openingsOf = sql<number>`(select count(*) from ${packOpenings} o where o.pack_id = ${packs}.id)::int`;

/**
 * One page of every pack, active or not (docs/product/administration.md: admin select all), newest first,
 * matching `q` in the name or category, with the total of matches and each pack's openings
 * and photos.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listAllPacks(ctx: Ctx, { page, q }: PageQuery): Promise<Paged<AdminPack>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [packs.name, packs.category]);
  const matches = ctx.db
    .select({
      ...packSummaryColumns,
      isActive: packs.isActive,
      cardNames: packs.cardNames,
      openings: openingsOf,
      createdAt: packs.createdAt,
      updatedAt: packs.updatedAt,
    })
    .from(packs)
    .where(where)
    .$dynamic();
  const paged = await readPage(ctx.db, page, matches, desc(packs.createdAt), desc(packs.id));
  const photos = await photosOfEach(
    ctx.db,
    "packId",
    paged.rows.map((row) => row.id),
  );
  return mapPage(paged, (row) => ({
    ...row,
    openings: Number(row.openings),
    photos: photos.get(row.id) ?? [],
  }));
}

type PackRow = typeof packs.$inferSelect;

/**
 * Refuses odds and price whose expected buyback payout reaches the price (docs/design.md "Decisions
 * beyond the spec", docs/decisions/008-house-edge.md): a collector could then make money by
 * opening and selling back.
 * @throws DomainError `buyback_exceeds_price` (400, 'Expected buyback exceeds the pack price').
 */
function requireHouseEdge(fields: Pick<PackFields, "priceCents" | "rarityDistribution">): void {
  if (packEconomics(fields.priceCents, fields.rarityDistribution).buybackReachesPrice) {
    throw new DomainError("buyback_exceeds_price", "Expected buyback exceeds the pack price", 400);
  }
}

/** What an audit row records of a pack: the fields an admin edits, and its available count. */
function snapshotOf(pack: PackRow): PackFields & { availableCount: number } {
  return {
    name: pack.name,
    description: pack.description,
    category: pack.category as PackFields["category"],
    priceCents: pack.priceCents,
    availableCount: pack.availableCount,
    isActive: pack.isActive,
    rarityDistribution: pack.rarityDistribution,
    cardNames: pack.cardNames,
  };
}

/** The pack `packId`, locked until the transaction ends (openings wait); 404 when gone. */
async function lockPack(tx: Pick<TxCtx, "db">, packId: number): Promise<PackRow> {
  const [pack] = await tx.db.select().from(packs).where(eq(packs.id, packId)).for("update");
  if (!pack) throw new DomainError("pack_not_found", "Pack not found", 404);
  return pack;
}

/**
 * Creates a pack (docs/product/administration.md: packs insert {name, description, category, price,
 * is_active}, plus the rarity distribution and the card names per rarity) with an audit row, in
 * one transaction. Its available count is its pool's size (docs/design.md "Inventory (real slabs)"):
 * 0 until staff compose its pool (app/.server/inventory/pools.ts), so a pack cannot be created
 * on sale. A pack created on sale (active, with stock) is
 * announced to collectors with new arrivals on (docs/decisions/031-news-mails.md).
 * The form's key makes a doubled or retried submission create one pack (`createdBefore`).
 * @returns the new pack's id (or the one its key made before).
 * Takes `createPackSchema`'s output (the seam parsed the form: docs/decisions/024-admin-forms-on-conform.md).
 * @throws DomainError `buyback_exceeds_price` (400) when the odds pay back the price on average, `forbidden` (403)
 * for anyone but an admin, `idempotency_conflict` (409) when the key made a pack with other details,
 * `pool_tier_empty` (409) when it is created active (its pool is empty).
 */
export async function createPack(
  ctx: Ctx,
  { idempotencyKey, ...fields }: NewPack,
): Promise<{ packId: number }> {
  requireStaff(ctx, "managePacks");
  requireHouseEdge(fields);
  const packId = await inTransaction(ctx, async (tx) => {
    invalidatePagesAfterCommit(tx, [pageTags.packs]);
    const [pack] = await tx.db
      .insert(packs)
      .values({
        ...fields,
        idempotencyKey,
        oddsCommitment: await recordOdds(tx, fields),
        createdAt: tx.now(),
        updatedAt: tx.now(),
      })
      .onConflictDoNothing({ target: packs.idempotencyKey })
      .returning();
    if (!pack) {
      const [earlier] = await tx.db
        .select()
        .from(packs)
        .where(eq(packs.idempotencyKey, idempotencyKey));
      return createdBefore("pack", earlier, (row) =>
        isDeepStrictEqual(
          { ...snapshotOf(row), availableCount: undefined },
          {
            ...fields,
            availableCount: undefined,
          },
        ),
      );
    }
    // A new pack has no pool yet: on sale, it would have nothing to draw from.
    await settlePoolStock(tx, pack);
    await recordAudit(tx, {
      action: "pack.create",
      targetType: "pack",
      targetId: pack.id,
      before: null,
      after: snapshotOf(pack),
    });
    await announcePackArrival(tx.db, pack);
    return pack.id;
  });
  ctx.log.info({ packId, by: ctx.actor?.userId }, "pack created by staff");
  return { packId };
}

/**
 * Edits every field of a pack but its available count, which is its pool's size
 * (docs/product/administration.md: packs update; docs/design.md "Inventory (real slabs)"), and stamps `updated_at`, with an
 * audit row of the fields before and after, in one transaction under the pack's row lock (an
 * opening that read the old odds is refused with `pack_changed`, app/.server/packs/opening.ts).
 * An edit that puts a pack on sale (active, with stock) announces it once
 * (docs/decisions/031-news-mails.md).
 * Takes `updatePackSchema`'s output.
 * A pack stays or goes on sale only if its pool lets it (`settlePoolStock`: no empty tier with
 * odds above 0, an expected buyback from the pool's real FMVs below the price).
 * @throws DomainError `buyback_exceeds_price` (400), `pack_not_found` (404), `forbidden` (403) for anyone but an admin,
 * `pool_tier_empty` / `pool_pays_back_price` (409) when it is saved active and its pool would not let it be on sale.
 */
export async function updatePack(ctx: Ctx, { packId, ...fields }: PackUpdate): Promise<void> {
  requireStaff(ctx, "managePacks");
  requireHouseEdge(fields);
  await inTransaction(ctx, async (tx) => {
    invalidatePagesAfterCommit(tx, [pageTags.pack(packId), pageTags.packs]);
    const before = await lockPack(tx, packId);
    const [after] = await tx.db
      .update(packs)
      // A change of the price, odds or names is a new commitment; earlier ones stay recorded.
      .set({ ...fields, oddsCommitment: await recordOdds(tx, fields), updatedAt: tx.now() })
      .where(eq(packs.id, packId))
      .returning();
    // The odds decide which tiers must hold slabs: the pool may no longer let it be on sale.
    after!.availableCount = await settlePoolStock(tx, after!);
    await recordAudit(tx, {
      action: "pack.update",
      targetType: "pack",
      targetId: packId,
      before: snapshotOf(before),
      after: snapshotOf(after!),
    });
    if (!onSale(before)) await announcePackArrival(tx.db, after!);
  });
  ctx.log.info({ packId, by: ctx.actor?.userId }, "pack updated by staff");
}

/** What deleting a pack did. */
export type PackDeletion = { outcome: "deleted" | "deactivated"; openings: number };

/**
 * Deletes a pack (docs/product/administration.md: packs delete by id), in one transaction under its row lock.
 * A pack that has openings stays, as its openings prove the pulls (docs/product/administration.md): it is
 * deactivated instead (`is_active` false, `updated_at` stamped), hidden from the shop, its pool
 * kept; a deleted pack's pool goes back to house stock first. Writes an
 * audit row either way (`pack.delete` or `pack.deactivate`).
 * @throws DomainError `pack_not_found` (404), `forbidden` (403) for anyone but an admin.
 */
export async function deletePack(ctx: Ctx, { packId }: PackId): Promise<PackDeletion> {
  requireStaff(ctx, "managePacks");
  const result = await inTransaction(ctx, async (tx): Promise<PackDeletion> => {
    invalidatePagesAfterCommit(tx, [pageTags.pack(packId), pageTags.packs]);
    const before = await lockPack(tx, packId);
    const [opened] = await tx.db
      .select({ n: count() })
      .from(packOpenings)
      .where(eq(packOpenings.packId, packId));
    const openings = opened?.n ?? 0;
    if (openings > 0) {
      const [after] = await tx.db
        .update(packs)
        .set({ isActive: false, updatedAt: tx.now() })
        .where(eq(packs.id, packId))
        .returning();
      await recordAudit(tx, {
        action: "pack.deactivate",
        targetType: "pack",
        targetId: packId,
        before: snapshotOf(before),
        after: { ...snapshotOf(after!), openings },
      });
      return { outcome: "deactivated", openings };
    }
    await recordAudit(tx, {
      action: "pack.delete",
      targetType: "pack",
      targetId: packId,
      before: snapshotOf(before),
      after: null,
    });
    await releasePool(tx, packId);
    await tx.db.delete(packs).where(eq(packs.id, packId));
    return { outcome: "deleted", openings: 0 };
  });
  ctx.log.info({ packId, ...result, by: ctx.actor?.userId }, "pack deleted by staff");
  return result;
}
