import { ArrowLeftRight, HandCoins } from "lucide-react";
import { Link } from "react-router";
import type { ListingCard } from "~/lib/domain/market";
import { ListingImage } from "~/components/market/listing-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import type { MarketView } from "./market-query";

/** A listing as /marketplace sends it to the browser (the seller is only `isOwn`). */
export type MarketListing = ListingCard;

/** What a card can do for the viewer: nothing for a visitor (spec: no offer buttons). */
export type ListingActions = {
  signedIn: boolean;
  /**
   * A break or self-exclusion is in force: no offer prompts (the page shows its end instead;
   * docs/decisions/010-responsible-play.md).
   */
  paused: boolean;
  onOffer: (listing: MarketListing) => void;
  onTrade: (listing: MarketListing) => void;
};

const ownBadge = "border-accent/50 bg-accent/15 text-foreground";

/** Category and condition badges, and 'Your Listing' / 'Yours' for the owner. */
function ListingBadges({ listing, compact }: { listing: MarketListing; compact: boolean }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {listing.isOwn ? (
        <Badge className={ownBadge}>{compact ? "Yours" : "Your Listing"}</Badge>
      ) : null}
      {compact ? null : (
        <>
          <Badge>{listing.category}</Badge>
          <Badge className="text-muted-foreground border-border bg-transparent">
            {listing.condition}
          </Badge>
        </>
      )}
    </div>
  );
}

/**
 * What both listing cards need: the title's id (their accessible name), the listing page's
 * path, and whether this viewer may make an offer (signed in, not paused, not their own).
 */
function cardBasics({ listing, signedIn, paused }: { listing: MarketListing } & ListingActions) {
  return {
    titleId: `listing-${listing.id}-title`,
    href: `/marketplace/${listing.id}`,
    canOffer: signedIn && !paused && !listing.isOwn,
  };
}

/**
 * A listing in the large grid (spec "Marketplace"): its picture and title link to its page;
 * price, category and condition badges, 'Your Listing' for the owner; a signed-in non-owner
 * gets 'Make Offer' and, for a vault card, Trade (cards from their vault).
 */
function LargeListingCard(props: { listing: MarketListing } & ListingActions) {
  const { listing, onOffer, onTrade } = props;
  const { titleId, href, canOffer } = cardBasics(props);
  return (
    <article
      aria-labelledby={titleId}
      className="bg-surface grid h-full grid-cols-[7.5rem_minmax(0,1fr)] overflow-hidden rounded-xl border min-[480px]:flex min-[480px]:flex-col"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="max-[479px]:h-full">
        <ListingImage listing={listing} className="max-[479px]:h-full" />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-3 min-[480px]:p-4">
        <ListingBadges listing={listing} compact={false} />
        <h3 id={titleId} className="line-clamp-2 font-semibold">
          <Link to={href} className="hover:underline">
            {listing.title}
          </Link>
        </h3>
        <p className="mt-auto text-xl font-bold tabular-nums">{formatCents(listing.priceCents)}</p>
        {canOffer ? (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              className="flex-1"
              onClick={() => onOffer(listing)}
              aria-describedby={titleId}
            >
              <HandCoins className="size-4" aria-hidden="true" />
              Make Offer
            </Button>
            {listing.card ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => onTrade(listing)}
                aria-describedby={titleId}
              >
                <ArrowLeftRight className="size-4" aria-hidden="true" />
                Trade
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}

/**
 * A listing in the compact grid: picture, title, price and 'Yours' for the owner. Clicking a
 * card someone else listed starts an offer (spec); the title still links to its page.
 */
function CompactListingCard(props: { listing: MarketListing } & ListingActions) {
  const { listing, onOffer } = props;
  const { titleId, href, canOffer } = cardBasics(props);
  const picture = <ListingImage listing={listing} />;
  return (
    <article
      aria-labelledby={titleId}
      className="bg-surface flex h-full flex-col overflow-hidden rounded-lg border"
    >
      {canOffer ? (
        <button
          type="button"
          onClick={() => onOffer(listing)}
          className="focus-visible:ring-accent block text-left focus-visible:ring-2 focus-visible:outline-none focus-visible:ring-inset"
          aria-label={`Make an offer on ${listing.title}`}
        >
          {picture}
        </button>
      ) : (
        <Link to={href} tabIndex={-1} aria-hidden="true">
          {picture}
        </Link>
      )}
      <div className="flex flex-1 flex-col gap-1.5 p-2.5">
        <ListingBadges listing={listing} compact />
        <h3 id={titleId} className="line-clamp-2 text-sm font-medium">
          <Link to={href} className="hover:underline">
            {listing.title}
          </Link>
        </h3>
        <p className="mt-auto text-sm font-bold tabular-nums">{formatCents(listing.priceCents)}</p>
      </div>
    </article>
  );
}

/** The listings grid, large or compact (`view`). */
export function ListingGrid({
  listings,
  view,
  ...actions
}: { listings: MarketListing[]; view: MarketView } & ListingActions) {
  const compact = view === "compact";
  return (
    <ul
      aria-label="Listings"
      className={cn(
        "grid gap-4",
        compact
          ? "grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-6"
          : "grid-cols-1 min-[480px]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4",
      )}
    >
      {listings.map((listing) => (
        <li key={listing.id}>
          {compact ? (
            <CompactListingCard listing={listing} {...actions} />
          ) : (
            <LargeListingCard listing={listing} {...actions} />
          )}
        </li>
      ))}
    </ul>
  );
}
