import { deleteListing, listAllListings, type AdminListing } from "~/.server/admin/listings";
import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { can } from "~/.server/policy/permissions";
import { deleteListingSchema } from "~/lib/schemas/admin";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Listings tab shows: a page of listings, the search, and whether rows can be deleted. */
export type ListingsTabData = Paged<AdminListing> & { q: string; canDelete: boolean };

/** Listings (docs/product/administration.md: list with delete; admins and moderators delete). */
export const listingsTab: AdminTabServer<ListingsTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return {
      ...(await listAllListings(ctx, query)),
      q: query.q,
      canDelete: can(ctx.actor?.role, "deleteListing"),
    };
  },
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
