import type { ListingDetail } from "~/.server/market/listings";

/** How a listing's status reads on its page. */
export const LISTING_STATUS_LABELS: Record<ListingDetail["status"], string> = {
  active: "Active",
  sold: "Sold",
  traded: "Traded",
  cancelled: "Cancelled",
  removed: "Removed",
};

/** The line a closed listing's page shows instead of its actions. */
export const CLOSED_LISTING_NOTES: Record<Exclude<ListingDetail["status"], "active">, string> = {
  sold: "This listing has been sold.",
  traded: "This listing has been traded.",
  cancelled: "The seller cancelled this listing.",
  removed: "This listing was removed.",
};
