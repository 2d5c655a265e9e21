import { Link, data } from "react-router";
import type { Route } from "./+types/auctions.$id";
import { loadAuctionPage } from "~/.server/auctions/auction-views";
import { placeBid } from "~/.server/auctions/place-bid";
import { isDomainError } from "~/.server/errors";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { AuctionStatus } from "./+auctions/auction-status";
import { BidHistory } from "./+auctions/bid-history";
import { PlaceBidForm } from "./+auctions/place-bid-form";
import { routeErrorBoundary } from "~/components/errors/route-error-page";
import { Badge } from "~/components/ui/badge";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { placeBidSchema } from "~/lib/schemas/auctions";
import { useToasts } from "~/lib/toast";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";

const NOT_FOUND = "Auction not found";
/** An auction's change signals (routes/auctions.$id.live.ts): `event: auction`. */
const auctionLiveUrl = (auctionId: number) => `/auctions/${auctionId}/live`;

/**
 * The EventSource's own event when its stream (re)opens: listening to it re-reads the page
 * after a dropped stream came back, so nothing signalled while it was down is missed (and once
 * at the start, for anything that changed between the page load and the stream).
 */
const STREAM_OPENED = "open";
/** The live events the page re-reads itself on: a change of the auction, a (re)opened stream. */
const LIVE_EVENTS = ["auction", STREAM_OPENED] as const;

export const meta: Route.MetaFunction = ({ data: page }) =>
  pageMeta(page ? `Auction: ${page.auction.title}` : NOT_FOUND, "A PackVault auction.");

/** /auctions/:id (docs/product/market.md "Auctions"): the auction as the viewer sees it; 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw data(NOT_FOUND, { status: 404 });
  try {
    return {
      auction: await loadAuctionPage(requestCtx(context), id),
      signedIn: Boolean(context.user),
    };
  } catch (error) {
    if (isDomainError(error) && error.status === 404) throw data(NOT_FOUND, { status: 404 });
    throw error;
  }
}

/**
 * 'Place bid': the viewer's maximum (proxy bidding). A refusal (too low, ended, the seller,
 * the balance, a break) answers with its message and changes nothing.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "place-bid": intent<
        typeof placeBidSchema,
        Awaited<ReturnType<typeof placeBid>>,
        { placed: boolean }
      >({
        schema: placeBidSchema,
        signInToast: "Please sign in to bid",
        run: placeBid,
        done: (bid) => ({
          reply: { placed: true },
          toasts: [
            bid.leading
              ? {
                  kind: "success",
                  title: "You're winning",
                  description: `The price is ${formatCents(bid.priceCents)}.${bid.extended ? " Your bid extended the auction by 10 minutes." : ""}`,
                }
              : {
                  kind: "error",
                  title: "You've been outbid",
                  description: `Another bidder's maximum is higher. The price is now ${formatCents(bid.priceCents)}.`,
                },
          ],
        }),
        failureTitle: "Bid not placed",
      }),
    },
    { home: `/auctions/${args.params.id}` },
  );

export default function AuctionPage({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { auction, signedIn } = loaderData;
  const open = auction.status === "open";
  // Live: each bid, soft-close extension and the close, committed on any instance, reaches the
  // page through the live feed, which re-reads the price, the end and the history (and again
  // whenever a dropped stream comes back).
  useLiveRevalidation(open ? auctionLiveUrl(auction.id) : null, LIVE_EVENTS);
  return (
    <div className="container mx-auto max-w-4xl px-4 py-8">
      <p className="mb-4 text-sm">
        <Link to="/auctions" className="underline">
          All auctions
        </Link>
      </p>
      <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
        <section aria-labelledby="auction-title" className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="auction-title" className="text-3xl font-bold">
              {auction.title}
            </h1>
            <Badge>{auction.category}</Badge>
          </div>
          <AuctionStatus auction={auction} />
          {auction.catalogueCardId ? (
            <p className="text-sm">
              <Link to={`/cards/${auction.catalogueCardId}`} className="underline">
                Its value and sales
              </Link>
              {" · "}
              <Link to={`/auctions/cards/${auction.catalogueCardId}`} className="underline">
                Standing bids for this card
              </Link>
            </p>
          ) : null}
          <BidHistory history={auction.history} />
        </section>
        <aside className="space-y-3">
          {!open ? (
            <p className="text-muted-foreground rounded-md border p-4 text-sm">
              This auction has ended.
            </p>
          ) : auction.isSeller ? (
            <p className="text-muted-foreground rounded-md border p-4 text-sm">
              This is your auction. You cannot bid on it.
            </p>
          ) : !signedIn ? (
            <p className="rounded-md border p-4 text-sm">
              <Link to={`/auth?redirectTo=/auctions/${auction.id}`} className="underline">
                Sign in
              </Link>{" "}
              to bid.
            </p>
          ) : (
            <PlaceBidForm
              auctionId={auction.id}
              minimumNextBidCents={auction.minimumNextBidCents}
              reply={actionData}
            />
          )}
        </aside>
      </div>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  notFound: { title: NOT_FOUND, message: "This auction does not exist or was removed." },
  failed: "We could not load this auction. Please try again in a moment.",
  back: { to: "/auctions", label: "Back to auctions" },
});
