import {
  createPack,
  deletePack,
  listAllPacks,
  updatePack,
  type AdminPack,
} from "~/.server/admin/packs";
import { readPageQuery, type Paged } from "~/.server/admin/paging";
import { can } from "~/.server/admin/permissions";
import { RARITIES } from "~/lib/packs";
import type { PackFormInput } from "~/lib/schemas/admin";
import { photoIntents } from "./photo-intents.server";
import type { AdminTabServer } from "./tab-contract";
import type { Ctx } from "~/.server/context";

/** What the Packs tab shows: a page of packs, the search, and whether they can be managed. */
export type PacksTabData = Paged<AdminPack> & { q: string; canManage: boolean };

/** The pack form's fields, as posted (app/lib/schemas/admin.ts packFormSchema). */
function packFields(form: FormData): PackFormInput {
  const fields: Record<string, unknown> = {};
  for (const name of [
    "name",
    "description",
    "category",
    "price",
    "availableCount",
    "isActive",
  ]) {
    fields[name] = form.get(name);
  }
  for (const rarity of RARITIES) {
    fields[rarity] = form.get(rarity);
    fields[`${rarity}Names`] = form.get(`${rarity}Names`);
  }
  return fields as PackFormInput;
}

/** The success toast's description of a pack deactivated instead of deleted. */
export const deactivatedDescription = (openings: number) =>
  `The pack has ${openings.toLocaleString("en-US")} ${openings === 1 ? "opening" : "openings"}, so it was deactivated instead of deleted: hidden from the shop, its history kept.`;

/**
 * delete-pack: answers `{ description }` when the pack was deactivated instead of deleted, for
 * the success toast (docs/product/administration.md: "say so in the toast description").
 */
async function runDeletePack(ctx: Ctx, form: FormData): Promise<void | { description: string }> {
  const { outcome, openings } = await deletePack(ctx, { packId: form.get("packId") });
  if (outcome === "deactivated") return { description: deactivatedDescription(openings) };
}

/** Packs (docs/product/administration.md: create, edit, delete, photos; admins only). */
export const packsTab: AdminTabServer<PacksTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return {
      ...(await listAllPacks(ctx, query)),
      q: query.q,
      canManage: can(ctx.actor?.role, "managePacks"),
    };
  },
  intents: {
    "create-pack": {
      capability: "managePacks",
      successTitle: "Pack created successfully",
      errorTitle: "Error saving pack",
      run: async (ctx, form) => {
        await createPack(ctx, packFields(form));
      },
    },
    "update-pack": {
      capability: "managePacks",
      successTitle: "Pack updated successfully",
      errorTitle: "Error saving pack",
      run: (ctx, form) => updatePack(ctx, { ...packFields(form), packId: form.get("packId") }),
    },
    "delete-pack": {
      capability: "managePacks",
      successTitle: "Pack deleted successfully",
      errorTitle: "Error deleting pack",
      run: runDeletePack,
    },
    ...photoIntents("pack"),
  },
};
