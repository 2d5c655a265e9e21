import type { Ctx } from "~/.server/context";
import { attachPhotos, removePhoto, type PhotoOwner } from "~/.server/media/photos";
import { mediaStorage } from "~/.server/storage/storage";
import { photoOwnerSchemas, removePhotoSchemas } from "~/lib/schemas/admin";
import { adminIntent, type AdminIntent, type AdminMedia } from "./tab-contract";

/** The product or pack a parsed photo form names. */
const ownerOf = (input: { productId: number } | { packId: number }): PhotoOwner =>
  "productId" in input ? { productId: input.productId } : { packId: input.packId };

/**
 * The photo forms of the Products or Packs tab (docs/product/catalogue.md "Photos"; admins
 * only): `add-<kind>-photos` (the files as `photos`, all checked before any is stored) and
 * `remove-<kind>-photo` (`photoId`), each naming its `productId` or `packId` (a bad id is a 400
 * from the seam: 'Product is not valid').
 */
export function photoIntents(kind: "product" | "pack"): Record<string, AdminIntent> {
  return {
    [`add-${kind}-photos`]: adminIntent({
      capability: "manageCatalogPhotos",
      schema: photoOwnerSchemas[kind],
      successTitle: "Photos added successfully",
      errorTitle: "Error adding photos",
      files: "photos",
      run: async (ctx: Ctx, input, media?: AdminMedia) => {
        const storage = mediaStorage(media!.env);
        const uploads = media!.uploads;
        const { added } = await attachPhotos(ctx, { storage, owner: ownerOf(input), uploads });
        return { description: `${added} ${added === 1 ? "photo" : "photos"} added.` };
      },
    }),
    [`remove-${kind}-photo`]: adminIntent({
      capability: "manageCatalogPhotos",
      schema: removePhotoSchemas[kind],
      successTitle: "Photo removed successfully",
      errorTitle: "Error removing photo",
      run: async (ctx: Ctx, input, media?: AdminMedia) => {
        const storage = mediaStorage(media!.env);
        await removePhoto(ctx, { storage, owner: ownerOf(input), photoId: input.photoId });
      },
    }),
  } as Record<string, AdminIntent>;
}
