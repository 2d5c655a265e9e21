import { randomUUID } from "node:crypto";
import { LogIn } from "lucide-react";
import { useState } from "react";
import { Link, data, useLocation } from "react-router";
import type { Route } from "./+types/marketplace.$id";
import { BuyerActions } from "./+marketplace/buyer-actions";
import { listingIntentSchema } from "./+marketplace/intents";
import { CLOSED_LISTING_NOTES } from "./+marketplace/listing-status";
import { parseId } from "./+marketplace/market-query";
import { ListingDetails } from "./+marketplace/listing-details";
import { ListingHeading } from "./+marketplace/listing-heading";
import { SellerPanel } from "./+marketplace/seller-panel";
import { vaultedCards } from "./+marketplace/vault-cards.server";
import { cancelListing, loadListing, updateListingPrice } from "~/.server/market/listings";
import { intent, runIntent } from "~/.server/http/run-intent";
import { attachPhotos, removePhoto } from "~/.server/media/photos";
import { mediaStorage } from "~/.server/storage/storage";
import { requestCtx } from "~/.server/request-context";
import { walletBalance } from "~/.server/wallet/wallet";
import { ListingImage } from "~/components/market/listing-image";
import { routeErrorBoundary } from "~/components/errors/route-error-page";
import { PhotoGallery } from "~/components/media/photo-gallery";
import { photoLabel } from "~/lib/domain/media";
import { MakeOfferDialog, offerListingOf } from "~/components/market/make-offer-dialog";
import { TradeOfferDialog } from "~/components/market/trade-offer-dialog";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { signInHref } from "~/lib/sign-in-href";
import { useToasts } from "~/lib/toast";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { PauseNote } from "~/components/play/pause-note";
import { usePause } from "~/components/play/use-pause";
import { Breadcrumbs } from "~/components/navigation/breadcrumbs";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(({ id }) => [pageTags.listing(id), pageTags.listings]);

const NOT_FOUND = "Listing not found";

/**
 * /marketplace/{id} (docs/product/market.md "Listings"): one listing (any status but removed) with its seller's
 * display name and, when linked, the card's grade, rarity, cert and pull. A signed-in
 * non-owner of an active listing also gets their wallet balance (Buy Now) and, for a card, their
 * vaulted cards (Trade), and the offer forms' idempotency key made for this render (like
 * /cart's checkout: a doubled or retried offer is one offer). An unknown or malformed id is a
 * 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const id = parseId(params.id);
  const listing = id === null ? null : await loadListing(ctx, id);
  if (!listing) throw data(NOT_FOUND, { status: 404 });
  const buyer = context.user !== null && !listing.isOwn && listing.status === "active";
  const [cards, balanceCents] = await Promise.all([
    buyer && listing.card ? vaultedCards(context) : [],
    buyer ? walletBalance(ctx) : null,
  ]);
  return {
    listing,
    signedIn: context.user !== null,
    vaultCards: cards,
    balanceCents,
    offerKey: buyer ? randomUUID() : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta(NOT_FOUND, "This listing is not on the marketplace.");
  const { listing } = loaderData;
  const description =
    listing.description.length > 160
      ? `${listing.description.slice(0, 157).trimEnd()}...`
      : listing.description;
  return pageMeta(listing.title, description);
};

/**
 * The seller's forms (docs/product/market.md "Listings", "Photos"): `update-price` (`listingId`,
 * `price` in dollars), `cancel-listing` (`listingId`: a linked card returns to the vault,
 * pending offers are declined), `add-photos` (`listingId`, the files as `photos`: all checked
 * before any is stored) and `remove-photo` (`listingId`, `photoId`). Each comes back here with a
 * toast; a price the schema refuses gets a 400 with the error by the field; a bad file the
 * failure toast naming it; anyone but the seller is refused (403, nothing changed).
 */
export const action = (args: Route.ActionArgs) => {
  const here = `/marketplace/${parseId(args.params.id) ?? ""}`;
  const back = (input: { listingId: number }) => `/marketplace/${input.listingId}`;
  return runIntent(
    args,
    {
      "update-price": intent({
        schema: listingIntentSchema.options[0],
        signInToast: "You must be signed in",
        run: (ctx, { listingId, price }) =>
          updateListingPrice(ctx, { listingId, priceCents: price }),
        done: (_none, input) => ({
          redirect: back(input),
          toasts: [{ kind: "success", title: "Price updated" }],
        }),
        failureTitle: "Failed to update price",
      }),
      "cancel-listing": intent({
        schema: listingIntentSchema.options[1],
        signInToast: "You must be signed in",
        run: cancelListing,
        done: (_none, input) => ({
          redirect: back(input),
          toasts: [
            {
              kind: "success",
              title: "Listing cancelled",
              description: "Any card it held is back in your vault; pending offers were declined.",
            },
          ],
        }),
        failureTitle: "Failed to cancel listing",
      }),
      "add-photos": intent({
        schema: listingIntentSchema.options[2],
        signInToast: "You must be signed in",
        files: "photos",
        run: (ctx, { listingId }, { files, context }) =>
          attachPhotos(ctx, {
            storage: mediaStorage(context.env),
            owner: { listingId },
            uploads: files,
          }),
        done: ({ added }, input) => ({
          redirect: back(input),
          toasts: [{ kind: "success", title: added === 1 ? "Photo added" : "Photos added" }],
        }),
        failureTitle: "Failed to add photos",
      }),
      "remove-photo": intent({
        schema: listingIntentSchema.options[3],
        signInToast: "You must be signed in",
        run: (ctx, { listingId, photoId }, { context }) =>
          removePhoto(ctx, { storage: mediaStorage(context.env), owner: { listingId }, photoId }),
        done: (_none, input) => ({
          redirect: back(input),
          toasts: [{ kind: "success", title: "Photo removed" }],
        }),
        failureTitle: "Failed to remove photo",
      }),
    },
    { home: here },
  );
};

export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { listing, signedIn, vaultCards, balanceCents, offerKey } = loaderData;
  const pause = usePause();
  const location = useLocation();
  const here = location.pathname;
  const [offering, setOffering] = useState(false);
  const [trading, setTrading] = useState(false);
  const active = listing.status === "active";
  const offerListing = offerListingOf(listing);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <Breadcrumbs
        trail={[{ to: "/marketplace", label: "Marketplace" }]}
        here={listing.title}
        className="mb-6"
      />

      <div className="grid gap-8 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] md:gap-12">
        <PhotoGallery
          photos={listing.photos}
          altOf={(i) => `${photoLabel(i)} of ${listing.title}`}
          className="mx-auto w-full max-w-xs md:max-w-none"
          fallback={
            <ListingImage
              listing={listing}
              loading="eager"
              className="mx-auto max-w-xs rounded-2xl border md:max-w-none"
            />
          }
        />

        <div className="min-w-0 space-y-6">
          <ListingHeading listing={listing} />

          {listing.status !== "active" ? (
            <p role="status" className="bg-surface-2 rounded-lg px-4 py-3">
              {CLOSED_LISTING_NOTES[listing.status]}
            </p>
          ) : listing.isOwn ? (
            <SellerPanel
              listing={{
                ...offerListing,
                pendingOffers: listing.pendingOffers,
                photos: listing.photos,
              }}
            />
          ) : signedIn && pause ? (
            <PauseNote pause={pause} />
          ) : signedIn ? (
            <BuyerActions
              listing={offerListing}
              balanceCents={balanceCents ?? 0}
              redirectTo={here}
              onOffer={() => setOffering(true)}
              onTrade={() => setTrading(true)}
            />
          ) : (
            <Button asChild size="lg">
              <Link to={signInHref(here)}>
                <LogIn className="size-4" aria-hidden="true" />
                Sign in to buy or make an offer
              </Link>
            </Button>
          )}

          <ListingDetails listing={listing} />
        </div>
      </div>

      {active && signedIn && !listing.isOwn && offerKey ? (
        <>
          <MakeOfferDialog
            listing={offering ? offerListing : null}
            onOpenChange={setOffering}
            onTradeCards={() => {
              setOffering(false);
              setTrading(true);
            }}
            redirectTo={here}
            idempotencyKey={offerKey}
          />
          {listing.card ? (
            <TradeOfferDialog
              listing={trading ? offerListing : null}
              onOpenChange={setTrading}
              cards={vaultCards}
              redirectTo={here}
              idempotencyKey={offerKey}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  notFound: {
    badge: "404",
    title: NOT_FOUND,
    message: "This listing does not exist or was removed from the marketplace.",
  },
  failed: "We could not load this listing. Please try again in a moment.",
  back: { to: "/marketplace", label: "Back to Marketplace" },
});
