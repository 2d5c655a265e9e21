import type { AdminListing } from "~/.server/admin/listings";
import { Badge } from "~/components/ui/badge";
import { formatCents } from "~/lib/money";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, AdminTime, type AdminColumn } from "./admin-table";
import { ConfirmDelete } from "./confirm-delete";
import type { ListingsTabData } from "./listings.server";
import { AdminPagination } from "./pagination";

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
export function ListingsTab({ data }: { data: ListingsTabData; role: "admin" | "moderator" }) {
  const columns: AdminColumn<AdminListing>[] = [
    {
      header: "Listing",
      cell: (listing) => (
        <span className="block max-w-64">
          <span className="block font-medium break-words">{listing.title}</span>
          <span className="text-muted-foreground block text-xs">
            {listing.category} · {listing.condition} · #{listing.id}
          </span>
        </span>
      ),
    },
    {
      header: "Seller",
      cell: (listing) => (
        <span className="block">
          <span className="block">{listing.sellerName}</span>
          <span className="text-muted-foreground block text-xs break-all">
            {listing.sellerEmail}
          </span>
        </span>
      ),
    },
    { header: "Price", cell: (listing) => formatCents(listing.priceCents), numeric: true },
    {
      header: "Status",
      cell: (listing) => (
        <Badge className={STATUS_STYLES[listing.status]}>{STATUS_LABELS[listing.status]}</Badge>
      ),
    },
    {
      header: "Linked card",
      cell: (listing) =>
        listing.card ? (
          <span className="block">
            <span className="block">{listing.card.name}</span>
            <span className="text-muted-foreground block text-xs">
              Card #{listing.card.id}, {CARD_STATUS_LABELS[listing.card.status]}
            </span>
          </span>
        ) : (
          <span className="text-muted-foreground">Physical item</span>
        ),
    },
    {
      header: "Pending offers",
      cell: (listing) => listing.pendingOffers.toLocaleString("en-US"),
      numeric: true,
    },
    { header: "Listed", cell: (listing) => <AdminTime value={listing.createdAt} dateOnly /> },
  ];
  if (data.canDelete) {
    columns.push({
      header: "Actions",
      pinned: true,
      cell: (listing) =>
        listing.status === "active" ? (
          <ConfirmDelete
            intent="delete-listing"
            fields={{ listingId: listing.id }}
            title="Delete listing?"
            description={deletionEffects(listing)}
            triggerAriaLabel={`Delete listing ${listing.title}`}
          />
        ) : (
          <span className="text-muted-foreground text-xs">Closed</span>
        ),
    });
  }
  return (
    <AdminSection
      title="Listings"
      total={data.total}
      description={
        data.canDelete
          ? "Every listing, newest first. Deleting an active listing returns its card to the seller's vault and declines its pending offers."
          : "Every listing, newest first. Read-only."
      }
      actions={<AdminSearch label="Search listings" placeholder="Title, seller email or name" />}
    >
      <AdminTable
        caption="Listings"
        rows={data.rows}
        rowKey={(listing) => listing.id}
        empty={data.q ? `No listings match "${data.q}".` : "No listings yet."}
        columns={columns}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label="Listings pages" />
    </AdminSection>
  );
}
