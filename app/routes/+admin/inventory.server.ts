import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { can } from "~/.server/policy/permissions";
import { isDomainError } from "~/.server/errors";
import { mediaStorage } from "~/.server/storage/storage";
import { addSlab } from "~/.server/inventory/add-slab";
import { listCardChoices, type CardChoice } from "~/.server/inventory/card-choices";
import { receiveSlab, writeOffSlab } from "~/.server/inventory/custody";
import { loadOperatorView, type OperatorView } from "~/.server/inventory/operator-view";
import {
  listSlabs,
  slabDetail,
  type InventorySlab,
  type InventorySlabDetail,
} from "~/.server/inventory/slab-list";
import {
  addSlabSchema,
  receiveSlabSchema,
  slabFiltersSchema,
  writeOffSlabSchema,
  type SlabFilters,
} from "~/lib/schemas/inventory";
import { pinSlabFmv } from "~/.server/value/pin";
import { pinSlabFmvSchema, unpinSlabFmvSchema } from "~/lib/schemas/value";
import { adminIntent, type AdminMedia, type AdminTabServer } from "./tab-contract";

/**
 * What the Inventory tab shows: the operator view, a page of slabs with the filters in use, or
 * one slab's detail (`?slab=`), and whether the role may change slabs.
 */
export type InventoryTabData = {
  operator: OperatorView;
  list: Paged<InventorySlab> & { filters: SlabFilters };
  detail: InventorySlabDetail | null;
  canManage: boolean;
  /** The catalogue's cards for "Add a slab" (admins only; empty for a moderator). */
  cardChoices: CardChoice[];
};

/** A slab that is not there shows as no detail; any other error propagates. */
function unlessNotFound(error: unknown): null {
  if (isDomainError(error) && error.code === "not_found") return null;
  throw error;
}

/** `?slab=` as a slab id, or null. */
function slabParam(search: URLSearchParams): number | null {
  const id = Number(search.get("slab"));
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * Inventory (docs/design.md "Inventory (real slabs)"): the vault's slabs, filtered by state, grader,
 * card or cert and bin, each slab's custody history, and the operator view. Admins receive slabs
 * ('received and checked'), write them off and pin or unpin a slab's FMV; moderators only read.
 * The CSV imports have their own pages (/admin/inventory/import, /admin/inventory/comps).
 */
export const inventoryTab: AdminTabServer<InventoryTabData> = {
  async load(ctx, search) {
    const { page } = readPageQuery(search);
    const filters = slabFiltersSchema.parse(Object.fromEntries(search));
    const slabId = slabParam(search);
    const canManage = can(ctx.actor?.role, "manageInventory");
    return {
      operator: await loadOperatorView(ctx),
      list: { ...(await listSlabs(ctx, { page, ...filters })), filters },
      detail: slabId === null ? null : await slabDetail(ctx, slabId).catch(unlessNotFound),
      canManage,
      cardChoices: canManage && slabId === null ? await listCardChoices(ctx) : [],
    };
  },
  intents: {
    "add-slab": adminIntent({
      capability: "manageInventory",
      schema: addSlabSchema,
      successTitle: "Slab added successfully",
      errorTitle: "Error adding slab",
      files: "photos",
      run: async (ctx, input, media?: AdminMedia) => {
        const { slabId } = await addSlab(ctx, {
          ...input,
          storage: mediaStorage(media!.env),
          uploads: media!.uploads,
        });
        return { description: `Slab ${slabId} is in intake.` };
      },
    }),
    "receive-slab": adminIntent({
      capability: "manageInventory",
      schema: receiveSlabSchema,
      successTitle: "Slab received successfully",
      errorTitle: "Error receiving slab",
      run: async (ctx, input) => {
        await receiveSlab(ctx, input);
        return { description: "The slab is in house stock, ready to be pooled." };
      },
    }),
    "write-off-slab": adminIntent({
      capability: "manageInventory",
      schema: writeOffSlabSchema,
      successTitle: "Slab written off successfully",
      errorTitle: "Error writing off slab",
      fieldOf: { slab_state: "reason" },
      run: (ctx, input) => writeOffSlab(ctx, input),
    }),
    "pin-slab-fmv": adminIntent({
      capability: "manageValues",
      schema: pinSlabFmvSchema,
      successTitle: "FMV pinned successfully",
      errorTitle: "Error pinning FMV",
      run: async (ctx, input) => {
        await pinSlabFmv(ctx, { slabId: input.slabId, fmvCents: input.fmv, reason: input.reason });
        return { description: "Recomputes leave this slab's value alone until it is unpinned." };
      },
    }),
    "unpin-slab-fmv": adminIntent({
      capability: "manageValues",
      schema: unpinSlabFmvSchema,
      successTitle: "FMV unpinned successfully",
      errorTitle: "Error unpinning FMV",
      run: async (ctx, input) => {
        await pinSlabFmv(ctx, { slabId: input.slabId, fmvCents: null, reason: input.reason });
        return { description: "The slab follows its card's estimate again after the recompute." };
      },
    }),
  },
};
