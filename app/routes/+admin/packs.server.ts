import { randomUUID } from "node:crypto";
import {
  createPack,
  deletePack,
  listAllPacks,
  updatePack,
  type AdminPack,
} from "~/.server/admin/packs";
import { addToPool, fillPool, removeFromPool } from "~/.server/inventory/pools";
import { loadPool, type PoolView } from "~/.server/inventory/pool-view";
import { createPackSchema, packIdSchema, updatePackSchema, type PackId } from "~/lib/schemas/admin";
import { fillPoolSchema, poolSlabsSchema } from "~/lib/schemas/pools";
import { photoIntents } from "./photo-intents.server";
import { loadPaged, saveIntents, type PagedTabData } from "./paged-tab.server";
import { adminIntent, type AdminTabServer } from "./tab-contract";
import type { Ctx } from "~/.server/context";

/**
 * What the Packs tab shows: a page of packs, the search, whether they can be managed, and the
 * pool of the pack named by `?pool=` (docs/design.md "Inventory (real slabs)"), or null.
 */
export type PacksTabData = PagedTabData<AdminPack, "canManage"> & {
  createKey: string;
  pool: PoolView | null;
};

/** The pack id of `?pool=`, or null when absent or not an id. */
function poolParam(search: URLSearchParams): number | null {
  const value = search.get("pool") ?? "";
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The success toast's description of a pack deactivated instead of deleted. */
export const deactivatedDescription = (openings: number) =>
  `The pack has ${openings.toLocaleString("en-US")} ${openings === 1 ? "opening" : "openings"}, so it was deactivated instead of deleted: hidden from the shop, its history kept.`;

/**
 * delete-pack: answers `{ description }` when the pack was deactivated instead of deleted, for
 * the success toast (docs/product/administration.md: "say so in the toast description").
 */
async function runDeletePack(ctx: Ctx, input: PackId): Promise<void | { description: string }> {
  const { outcome, openings } = await deletePack(ctx, input);
  if (outcome === "deactivated") return { description: deactivatedDescription(openings) };
}

const loadPacks = loadPaged(listAllPacks, { canManage: "managePacks" });

/** Packs (docs/product/administration.md: create, edit, delete, photos; admins only). */
export const packsTab: AdminTabServer<PacksTabData> = {
  async load(ctx, search) {
    const poolOf = poolParam(search);
    return {
      ...(await loadPacks(ctx, search)),
      createKey: randomUUID(),
      pool: poolOf === null ? null : await loadPool(ctx, poolOf),
    };
  },
  intents: {
    ...saveIntents(
      "pack",
      "managePacks",
      { schema: createPackSchema, run: createPack },
      { schema: updatePackSchema, run: updatePack },
    ),
    "delete-pack": adminIntent({
      capability: "managePacks",
      schema: packIdSchema,
      successTitle: "Pack deleted successfully",
      errorTitle: "Error deleting pack",
      run: runDeletePack,
    }),
    "add-to-pool": adminIntent({
      capability: "managePacks",
      schema: poolSlabsSchema,
      successTitle: "Slabs added to the pool successfully",
      errorTitle: "Error changing the pool",
      run: addToPool,
    }),
    "remove-from-pool": adminIntent({
      capability: "managePacks",
      schema: poolSlabsSchema,
      successTitle: "Slabs returned to house stock successfully",
      errorTitle: "Error changing the pool",
      run: removeFromPool,
    }),
    "fill-pool": adminIntent({
      capability: "managePacks",
      schema: fillPoolSchema,
      successTitle: "Pool filled successfully",
      errorTitle: "Error filling the pool",
      run: fillPool,
    }),
    ...photoIntents("pack"),
  },
};
