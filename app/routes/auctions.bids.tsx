import { Link } from "react-router";
import type { Route } from "./+types/auctions.bids";
import { BidList } from "./+auctions/bid-list";
import { loadMyBids } from "~/.server/auctions/auction-views";
import { cancelStandingBid } from "~/.server/auctions/end-standing-bids";
import { requireUser } from "~/.server/auth/guards";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { ConfirmAction } from "~/components/market/confirm-action";
import { PageHeader } from "~/components/ui/page-header";
import { Time } from "~/components/ui/time";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { cancelStandingBidSchema } from "~/lib/schemas/auctions";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () =>
  pageMeta("My bids", "Your auction bids and standing bids.");

const STATE_LABELS = {
  leading: "You're winning",
  outbid: "You've been outbid",
  won: "Won",
  lost: "Lost",
} as const;

/** /auctions/bids: the signed-in collector's auction bids and standing bids. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { bids: await loadMyBids(requestCtx(context), user.id) };
}

/** 'Cancel bid' on an open standing bid: its hold goes back to the wallet. */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "cancel-standing-bid": intent({
        schema: cancelStandingBidSchema,
        signInToast: "You must be signed in",
        run: cancelStandingBid,
        done: () => ({
          redirect: "/auctions/bids",
          toasts: [
            {
              kind: "success",
              title: "Bid cancelled",
              description: "The held amount is back in your wallet.",
            },
          ],
        }),
        failureTitle: "Bid not cancelled",
      }),
    },
    { home: "/auctions/bids" },
  );

export default function MyBidsPage({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { auctions, standing } = loaderData.bids;
  return (
    <div className="container mx-auto max-w-4xl px-4 py-8">
      <PageHeader title="My bids" lead="Your auction bids and your standing bids." />
      <BidList
        id="auction-bids"
        title="Auctions"
        className="mb-10"
        items={auctions}
        empty={
          <>
            You have not bid on an auction yet.{" "}
            <Link to="/auctions" className="underline">
              Browse auctions
            </Link>
            .
          </>
        }
        row={(auction) => (
          <>
            <Link to={`/auctions/${auction.id}`} className="font-medium underline">
              {auction.title}
            </Link>
            <span>{formatCents(auction.priceCents)}</span>
            <span>your max {formatCents(auction.yourMaxCents)}</span>
            <span
              className={
                auction.state === "outbid" || auction.state === "lost"
                  ? "text-danger"
                  : "font-semibold"
              }
            >
              {STATE_LABELS[auction.state]}
            </span>
            <Time value={auction.endsAt} className="text-muted-foreground" />
          </>
        )}
      />
      <BidList
        id="standing-bids"
        title="Standing bids"
        items={standing}
        empty="No standing bids. Place one from a card's bids page."
        row={(bid) => (
          <>
            <Link to={`/auctions/cards/${bid.cardId}`} className="font-medium underline">
              {bid.cardName}
            </Link>
            <span>
              {bid.grader} {bid.minGrade}+
            </span>
            <span>{formatCents(bid.amountCents)}</span>
            <span className="capitalize">{bid.status}</span>
            {bid.status === "open" ? (
              <>
                <span className="text-muted-foreground">
                  expires <Time value={bid.expiresAt} style="date" />
                </span>
                <ConfirmAction
                  action="/auctions/bids"
                  fields={{ intent: "cancel-standing-bid", bidId: bid.id }}
                  label="Cancel bid"
                  variant="outline"
                  size="sm"
                  title="Cancel this bid?"
                  description={`Your ${formatCents(bid.amountCents)} hold goes back to your wallet.`}
                  confirmLabel="Cancel bid"
                  dismissLabel="Keep bid"
                />
              </>
            ) : null}
          </>
        )}
      />
    </div>
  );
}
