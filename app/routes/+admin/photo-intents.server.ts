import { checkInput } from "~/.server/account/account-ctx";
import type { Ctx } from "~/.server/context";
import { attachPhotos, removePhoto, type PhotoOwner } from "~/.server/media/photos";
import { mediaStorage } from "~/.server/media/storage";
import { packIdSchema, photoIdSchema, productIdSchema } from "~/lib/schemas/admin";
import type { AdminIntent, AdminMedia } from "./tab-contract";

/** The product or pack a photo form names (400 'Product is not valid' for a bad id). */
function readOwner(form: FormData, kind: "product" | "pack"): PhotoOwner {
  return kind === "product"
    ? checkInput(productIdSchema, { productId: form.get("productId") }, "invalid_photo_form")
    : checkInput(packIdSchema, { packId: form.get("packId") }, "invalid_photo_form");
}

/**
 * The photo forms of the Products or Packs tab (docs/product/catalogue.md "Photos"; admins
 * only): `add-<kind>-photos` (the files as `photos`, all checked before any is stored) and
 * `remove-<kind>-photo` (`photoId`), each naming its `productId` or `packId`.
 */
export function photoIntents(kind: "product" | "pack"): Record<string, AdminIntent> {
  return {
    [`add-${kind}-photos`]: {
      capability: "manageCatalogPhotos",
      successTitle: "Photos added successfully",
      errorTitle: "Error adding photos",
      files: "photos",
      run: async (ctx: Ctx, form: FormData, { uploads, env }: AdminMedia) => {
        const owner = readOwner(form, kind);
        const storage = mediaStorage(env);
        const { added } = await attachPhotos(ctx, { storage, owner, uploads });
        return { description: `${added} ${added === 1 ? "photo" : "photos"} added.` };
      },
    },
    [`remove-${kind}-photo`]: {
      capability: "manageCatalogPhotos",
      successTitle: "Photo removed successfully",
      errorTitle: "Error removing photo",
      run: async (ctx: Ctx, form: FormData, { env }: AdminMedia) => {
        const owner = readOwner(form, kind);
        const { photoId } = checkInput(
          photoIdSchema,
          { photoId: form.get("photoId") },
          "invalid_photo_form",
        );
        await removePhoto(ctx, { storage: mediaStorage(env), owner, photoId });
      },
    },
  };
}
