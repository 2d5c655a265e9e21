import { randomUUID } from "node:crypto";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/marketplace";
import { buyNowSchema } from "./+marketplace/intents";
import { ListingGrid, type MarketListing } from "./+marketplace/listing-card";
import { MarketPagination } from "./+marketplace/market-pagination";
import { MarketplaceActions } from "./+marketplace/marketplace-actions";
import { parseMarketQuery } from "./+marketplace/market-query";
import { MarketToolbar } from "./+marketplace/market-toolbar";
import { NoListings } from "./+marketplace/no-listings";
import { useCreateListing } from "./+marketplace/use-create-listing";
import { vaultedCards } from "./+marketplace/vault-cards.server";
import { browseListings, createListing } from "~/.server/market/listings";
import { makeOffer } from "~/.server/market/offers";
import { buyNow } from "~/.server/market/settlement";
import { sendTradeOffer } from "~/.server/market/trades";
import { intent, runIntent, type IntentRequest, type Outcome } from "~/.server/http/run-intent";
import { mediaStorage } from "~/.server/storage/storage";
import { requestCtx } from "~/.server/request-context";
import { CreateListingDialog } from "~/components/market/create-listing-dialog";
import {
  MakeOfferDialog,
  offerListingOf,
  type OfferListing,
} from "~/components/market/make-offer-dialog";
import { TradeOfferDialog } from "~/components/market/trade-offer-dialog";
import { PauseNote } from "~/components/play/pause-note";
import { usePause } from "~/components/play/use-pause";
import { routeErrorBoundary } from "~/components/errors/route-error-page";
import { PageHeader } from "~/components/ui/page-header";
import { ResultsSection } from "~/components/shop/results-toolbar";
import { achievementToasts } from "~/lib/achievement-toasts";
import { pageMeta } from "~/lib/meta";
import { createListingSchema, makeOfferSchema, tradeOfferSchema } from "~/lib/schemas/market";
import { useToasts } from "~/lib/toast";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.listings]);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Marketplace",
    "Buy, sell and trade graded cards and collectibles with other PackVault collectors.",
  );

/**
 * /marketplace (docs/product/market.md "Listings"): one page of
 * active listings for `?q=&sort=&page=` (searched and sorted on the server), each marked as the
 * viewer's own or not, and for a signed-in user their vaulted cards (the trade offer dialog
 * lists them; `?cardId=` or the navigation state opens the create-listing dialog for one).
 * A signed-in user's render also makes the offer forms' idempotency key (like /cart's
 * checkout), so a doubled or retried Make Offer or trade offer is one offer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseMarketQuery(new URL(request.url).searchParams);
  const ctx = requestCtx(context);
  const [found, cards] = await Promise.all([browseListings(ctx, query), vaultedCards(context)]);
  const userId = context.user?.id ?? null;
  return {
    query: { ...query, page: found.page },
    listings: found.listings,
    total: found.total,
    pageCount: found.pageCount,
    signedIn: userId !== null,
    vaultCards: cards,
    offerKey: userId !== null ? randomUUID() : null,
  };
}

/** A sent offer's answer: back to the page the form came from, with the success toast `title`. */
const backWith =
  (title: string) =>
  (_sent: unknown, _input: unknown, { returnTo }: IntentRequest): Outcome<object> => ({
    redirect: returnTo,
    toasts: [{ kind: "success", title }],
  });

/**
 * The marketplace's forms, by `intent` (the dialogs of this page and of listing pages post
 * here, with `redirectTo`, a same-site path to come back to):
 * - create-listing: 'Create a New Listing' -> 'Listing created successfully!' on /marketplace;
 * - make-offer: 'Make Offer' -> 'Offer sent successfully!';
 * - trade-offer: the trade offer dialog -> 'Trade offer sent!';
 * - buy-now: a listing page's 'Buy Now' -> a card goes to /vault, a physical item's purchase to
 *   /marketplace/offers (Sales & purchases) to follow its shipment.
 * A visitor goes to /auth with the spec's sign-in toast; a form failing its shared schema gets a
 * 400 with its field errors; a domain refusal the spec's failure toast ('Failed to create
 * listing', 'Failed to send offer', 'Failed to create trade offer') with the domain's message.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "create-listing": intent({
        schema: createListingSchema,
        signInToast: "Please sign in to create a listing",
        files: "photos",
        run: (ctx, input, { files, context }) =>
          createListing(ctx, input, {
            storage: mediaStorage(context.env),
            uploads: files,
          }),
        done: ({ achievements }) => ({
          redirect: "/marketplace",
          toasts: [
            { kind: "success", title: "Listing created successfully!" },
            ...achievementToasts(achievements),
          ],
        }),
        failureTitle: "Failed to create listing",
      }),
      "make-offer": intent({
        schema: makeOfferSchema,
        signInToast: "Please sign in to make an offer",
        run: makeOffer,
        done: backWith("Offer sent successfully!"),
        failureTitle: "Failed to send offer",
      }),
      "trade-offer": intent({
        schema: tradeOfferSchema,
        signInToast: "Please sign in to create trades",
        invalidToast: (first) => ({ kind: "error", title: first }),
        run: sendTradeOffer,
        done: backWith("Trade offer sent!"),
        failureTitle: "Failed to create trade offer",
      }),
      "buy-now": intent({
        schema: buyNowSchema,
        signInToast: "You must be signed in",
        invalidToast: (description) => ({
          kind: "error",
          title: "Failed to complete purchase",
          description,
        }),
        run: buyNow,
        done: (sale) =>
          sale.status === "completed"
            ? {
                redirect: "/vault",
                toasts: [
                  { kind: "success", title: "Purchase complete! The card is in your vault." },
                ],
              }
            : {
                redirect: "/marketplace/offers?tab=sales",
                toasts: [
                  {
                    kind: "success",
                    title: "Purchase complete!",
                    description:
                      "Your payment is held in escrow until you confirm the item arrived.",
                  },
                ],
              },
        failureTitle: "Failed to complete purchase",
      }),
    },
    { home: "/marketplace" },
  );

const itemCount = (n: number) => `${n} ${n === 1 ? "item" : "items"}`;

export default function Marketplace({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { query, listings, total, pageCount, signedIn, vaultCards, offerKey } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/marketplace" &&
    !navigation.formMethod;
  const here = `${location.pathname}${location.search}`;

  const [offerFor, setOfferFor] = useState<OfferListing | null>(null);
  const [tradeFor, setTradeFor] = useState<{ id: number; title: string } | null>(null);
  const create = useCreateListing({ query, signedIn, vaultCards });
  const pause = usePause();

  const actions = {
    signedIn,
    paused: pause !== null,
    onOffer: (listing: MarketListing) => setOfferFor(offerListingOf(listing)),
    onTrade: (listing: MarketListing) => setTradeFor({ id: listing.id, title: listing.title }),
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Marketplace"
        lead="Buy, sell and trade graded cards and collectibles with other collectors."
      >
        <MarketplaceActions signedIn={signedIn} onCreate={create.show} />
      </PageHeader>

      {pause ? (
        <div className="mb-4">
          <PauseNote pause={pause} />
        </div>
      ) : null}
      <MarketToolbar query={query} />

      <div className="mt-4 mb-4 flex min-h-6 flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {itemCount(total)}
          {query.q ? ` for "${query.q}"` : ""}
        </p>
        {loading ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
            <Loader2
              className="size-4 animate-spin motion-reduce:animate-none"
              aria-hidden="true"
            />
            Loading listings...
          </p>
        ) : null}
      </div>

      <ResultsSection loading={loading}>
        {listings.length > 0 ? (
          <ListingGrid listings={listings} view={query.view} {...actions} />
        ) : (
          <NoListings searched={query.q !== ""} />
        )}
        <MarketPagination query={query} page={query.page} pageCount={pageCount} />
      </ResultsSection>

      {signedIn && offerKey ? (
        <>
          <CreateListingDialog
            open={create.open}
            onOpenChange={create.onOpenChange}
            card={create.card}
            redirectTo={here}
          />
          <MakeOfferDialog
            listing={offerFor}
            onOpenChange={(open) => (open ? undefined : setOfferFor(null))}
            onTradeCards={() => {
              if (offerFor) setTradeFor({ id: offerFor.id, title: offerFor.title });
              setOfferFor(null);
            }}
            redirectTo={here}
            idempotencyKey={offerKey}
          />
          <TradeOfferDialog
            listing={tradeFor}
            onOpenChange={(open) => (open ? undefined : setTradeFor(null))}
            cards={vaultCards}
            redirectTo={here}
            idempotencyKey={offerKey}
          />
        </>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  title: "Failed to load listings",
  failed: "Something went wrong on our side. Please try again in a moment.",
  refused: "We could not load the marketplace.",
  back: { to: "/marketplace", label: "Try again" },
});
