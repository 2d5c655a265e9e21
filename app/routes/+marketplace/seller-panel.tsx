import { Inbox } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { ConfirmAction } from "~/components/market/confirm-action";
import { PhotoManager } from "~/components/media/photo-manager";
import { photoLabel, type Photo } from "~/lib/domain/media";
import { useFormFetcher } from "~/lib/use-form-fetcher";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { centsToDollars, formatCents, type Cents } from "~/lib/money";
import { PLATFORM_FEE_PERCENT, SELLER_SHARE_PERCENT } from "~/lib/rates";

/**
 * The seller's inline price form (docs/product/market.md "Listings"): the new price in dollars (step 0.01),
 * posted to this listing's page (`intent=update-price`); the schema's message shows under the
 * field. Pending buy offers keep their amounts.
 */
function EditPriceForm({ listingId, priceCents }: { listingId: number; priceCents: Cents }) {
  const { fetcher, busy } = useFormFetcher();
  const id = useId();
  const error =
    fetcher.data?.intent === "update-price" ? fetcher.data.fieldErrors.price?.[0] : undefined;
  return (
    <fetcher.Form method="post" className="space-y-1.5" noValidate>
      <input type="hidden" name="intent" value="update-price" />
      <input type="hidden" name="listingId" value={listingId} />
      <label htmlFor={`${id}-price`} className="block text-sm font-medium">
        Price (USD)
      </label>
      <div className="flex gap-2">
        <Input
          id={`${id}-price`}
          name="price"
          type="number"
          step="0.01"
          min="0.01"
          inputMode="decimal"
          required
          defaultValue={centsToDollars(priceCents)}
          key={priceCents}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="max-w-40"
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Saving..." : "Save price"}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-danger text-sm">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * What the seller sees on their active listing (docs/product/market.md "Listings", "Photos"):
 * the pending offers count with a link to /marketplace/offers, the price form, 'Cancel
 * listing', which asks first (a linked card goes back to the vault; pending offers are
 * declined), and the listing's photos to remove or add to (Front and Back first).
 */
export function SellerPanel({
  listing,
}: {
  listing: {
    id: number;
    title: string;
    priceCents: Cents;
    hasCard: boolean;
    pendingOffers: number;
    photos: Photo[];
  };
}) {
  const { pendingOffers } = listing;
  return (
    <section aria-labelledby="seller-panel" className="bg-surface space-y-4 rounded-xl border p-4">
      <h2 id="seller-panel" className="font-semibold">
        Your listing
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Inbox className="text-accent size-4" aria-hidden="true" />
        {pendingOffers === 0
          ? "No pending offers yet."
          : `${pendingOffers} pending ${pendingOffers === 1 ? "offer" : "offers"}.`}
        <Link to="/marketplace/offers" className="text-accent font-medium underline">
          Review offers
        </Link>
      </p>
      <EditPriceForm listingId={listing.id} priceCents={listing.priceCents} />
      <ConfirmAction
        action={`/marketplace/${listing.id}`}
        fields={{ intent: "cancel-listing", listingId: listing.id }}
        variant="outline"
        label="Cancel listing"
        title={`Cancel the listing of ${listing.title}?`}
        description={
          <>
            The listing leaves the marketplace
            {listing.hasCard ? " and the card returns to your vault" : ""}.
            {pendingOffers > 0
              ? ` Its ${pendingOffers} pending ${pendingOffers === 1 ? "offer is" : "offers are"} declined.`
              : " Any pending offers are declined."}
          </>
        }
        confirmLabel="Cancel listing"
        dismissLabel="Keep listing"
      />
      <p className="text-muted-foreground text-xs">
        Listed at {formatCents(listing.priceCents)}. You receive {SELLER_SHARE_PERCENT} of the sale
        price; a {PLATFORM_FEE_PERCENT} platform fee applies to all completed transactions.
      </p>
      <section aria-labelledby="seller-photos" className="space-y-3 border-t pt-4">
        <h3 id="seller-photos" className="font-semibold">
          Photos
        </h3>
        <PhotoManager
          photos={listing.photos}
          action={`/marketplace/${listing.id}`}
          intents={{ add: "add-photos", remove: "remove-photo" }}
          owner={{ listingId: listing.id }}
          labelOf={photoLabel}
          subject={listing.title}
        />
      </section>
    </section>
  );
}
