import type { Route } from "../+types/marketplace.$id";
import { Badge } from "~/components/ui/badge";
import { DemoBadge } from "~/components/ui/demo-badge";
import { Time } from "~/components/ui/time";
import { formatCents } from "~/lib/money";
import { LISTING_STATUS_LABELS } from "./listing-status";

/**
 * The head of a listing's page: badges (the viewer's own listing, category, condition, status),
 * title, price, seller and listing date, and the demo-collector badge.
 */
export function ListingHeading({
  listing,
}: {
  listing: Route.ComponentProps["loaderData"]["listing"];
}) {
  const active = listing.status === "active";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {listing.isOwn ? (
          <Badge className="border-accent/50 bg-accent/15 text-foreground">Your Listing</Badge>
        ) : null}
        <Badge>{listing.category}</Badge>
        <Badge className="text-muted-foreground border-border bg-transparent">
          {listing.condition}
        </Badge>
        <Badge
          className={active ? "border-green-500/50 bg-green-500/15 text-foreground" : undefined}
        >
          {LISTING_STATUS_LABELS[listing.status]}
        </Badge>
      </div>
      <h1 className="text-3xl font-bold tracking-tight break-words">{listing.title}</h1>
      <p className="text-3xl font-bold tabular-nums">{formatCents(listing.priceCents)}</p>
      <p className="text-muted-foreground text-sm">
        Listed by <span className="text-foreground font-medium">{listing.sellerName}</span> on{" "}
        <Time value={listing.createdAt} />
      </p>
      {listing.sellerIsDemo ? <DemoBadge /> : null}
    </div>
  );
}
