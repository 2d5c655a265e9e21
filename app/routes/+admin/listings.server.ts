import { deleteListing, listAllListings, type AdminListing } from "~/.server/admin/listings";
import { deleteListingSchema } from "~/lib/schemas/admin";
import { loadPaged, type PagedTabData } from "./paged-tab.server";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Listings tab shows: a page of listings, the search, and whether rows can be deleted. */
export type ListingsTabData = PagedTabData<AdminListing, "canDelete">;

/** Listings (docs/product/administration.md: list with delete; admins and moderators delete). */
export const listingsTab: AdminTabServer<ListingsTabData> = {
  load: loadPaged(listAllListings, { canDelete: "deleteListing" }),
  intents: {
    "delete-listing": adminIntent({
      capability: "deleteListing",
      schema: deleteListingSchema,
      successTitle: "Listing deleted successfully",
      errorTitle: "Error deleting listing",
      run: (ctx, input) => deleteListing(ctx, input),
    }),
  },
};
