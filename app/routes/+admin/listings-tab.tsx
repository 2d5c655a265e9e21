import type { AdminListing } from "~/.server/admin/listings";
import {
  actionsWhileOpen,
  CellLines,
  linesColumn,
  centsColumn,
  countColumn,
  personColumn,
  statusColumn,
  timeColumn,
} from "./admin-columns";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import { ConfirmDelete } from "./confirm-delete";
import type { ListingsTabData } from "./listings.server";
import type { AdminTabProps } from "./tab-contract";

const STATUS_LABELS: Record<AdminListing["status"], string> = {
  active: "Active",
  sold: "Sold",
  traded: "Traded",
  cancelled: "Cancelled",
  removed: "Deleted",
};

const STATUS_STYLES: Partial<Record<AdminListing["status"], string>> = {
  active: "border-emerald-500/50 bg-emerald-500/15 text-foreground",
  removed: "border-danger/60 bg-danger/10 text-foreground",
};

const CARD_STATUS_LABELS: Record<NonNullable<AdminListing["card"]>["status"], string> = {
  vaulted: "in vault",
  listed: "listed",
  sold: "sold",
  redeemed: "redeemed",
  in_auction: "in auction",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What deleting `listing` does, for its confirmation (before 'This action cannot be undone.'). */
function deletionEffects(listing: AdminListing): string {
  const effects = [`"${listing.title}" is taken off the marketplace.`];
  if (listing.card) effects.push(`${listing.card.name} goes back to the seller's vault.`);
  if (listing.pendingOffers > 0) {
    effects.push(
      `${plural(listing.pendingOffers, "pending offer is", "pending offers are")} declined.`,
    );
  }
  return effects.join(" ");
}

/**
 * Listings (docs/product/administration.md: list with delete; docs/product/administration.md): every listing with its seller,
 * price, status and linked card, searchable and paginated. Staff who may (admins and moderators)
 * delete an active listing after confirming: its card returns to the seller's vault and its
 * pending offers are declined.
 */
export function ListingsTab({ data }: AdminTabProps<ListingsTabData>) {
  const columns: AdminColumn<AdminListing>[] = [
    linesColumn(
      "Listing",
      (listing) => ({
        main: listing.title,
        sub: `${listing.category} · ${listing.condition} · #${listing.id}`,
      }),
      { className: "max-w-64" },
    ),
    personColumn("Seller", (listing) => ({ name: listing.sellerName, email: listing.sellerEmail })),
    centsColumn("Price", (listing) => listing.priceCents),
    statusColumn((listing) => listing.status, STATUS_LABELS, STATUS_STYLES),
    {
      header: "Linked card",
      cell: (listing) =>
        listing.card ? (
          <CellLines
            main={listing.card.name}
            mainClassName=""
            sub={`Card #${listing.card.id}, ${CARD_STATUS_LABELS[listing.card.status]}`}
          />
        ) : (
          <span className="text-muted-foreground">Physical item</span>
        ),
    },
    countColumn("Pending offers", (listing) => listing.pendingOffers),
    timeColumn("Listed", (listing) => listing.createdAt, true),
  ];
  if (data.canDelete) {
    columns.push(
      actionsWhileOpen(
        (listing) => listing.status === "active",
        (listing) => (
          <ConfirmDelete
            intent="delete-listing"
            fields={{ listingId: listing.id }}
            title="Delete listing?"
            description={deletionEffects(listing)}
            triggerAriaLabel={`Delete listing ${listing.title}`}
          />
        ),
        "Closed",
      ),
    );
  }
  return (
    <AdminPagedSection
      title="Listings"
      description={
        data.canDelete
          ? "Every listing, newest first. Deleting an active listing returns its card to the seller's vault and declines its pending offers."
          : "Every listing, newest first. Read-only."
      }
      search="Title, seller email or name"
      data={data}
      columns={columns}
    />
  );
}
