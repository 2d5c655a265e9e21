import { Link, data } from "react-router";
import type { Route } from "./+types/auctions.cards.$cardId";
import { loadBidLadder } from "~/.server/auctions/auction-views";
import { fillStandingBid } from "~/.server/auctions/fill-standing-bid";
import { placeStandingBid } from "~/.server/auctions/place-standing-bid";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { StandingBidForm } from "./+cards/standing-bid-form";
import { YourSlabsList } from "./+cards/your-slabs-list";
import { PageHeader } from "~/components/ui/page-header";
import { Time } from "~/components/ui/time";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { fillStandingBidSchema, standingBidSchema } from "~/lib/schemas/auctions";
import { useToasts } from "~/lib/toast";
import { PLATFORM_FEE_PERCENT } from "~/lib/rates";

const NOT_FOUND = "Card not found";

export const meta: Route.MetaFunction = ({ data: page }) =>
  pageMeta(page ? `Bids for ${page.card.name}` : NOT_FOUND, "Standing bids for a card.");

/**
 * /auctions/cards/:cardId (docs/product/market.md "Standing bids"): the card's bid ladder, the
 * standing bid form, and "Sell now for $X" on each of the viewer's matching vaulted slabs.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.cardId);
  const ladder =
    Number.isSafeInteger(id) && id > 0 ? await loadBidLadder(requestCtx(context), id) : null;
  if (!ladder) throw data(NOT_FOUND, { status: 404 });
  return { ...ladder, signedIn: Boolean(context.user) };
}

/**
 * 'Place a standing bid' and 'Sell now': each comes back with its toast, here or, for 'Sell
 * now', to the form's `redirectTo` (the card's page, the vault).
 */
export const action = (args: Route.ActionArgs) => {
  const back = `/auctions/cards/${args.params.cardId}`;
  return runIntent(
    args,
    {
      "place-standing-bid": intent({
        schema: standingBidSchema,
        signInToast: "Please sign in to bid",
        run: placeStandingBid,
        done: () => ({
          redirect: back,
          toasts: [
            {
              kind: "success",
              title: "Your bid is placed",
              description: "The amount is held until it is filled, cancelled or expires.",
            },
          ],
        }),
        failureTitle: "Bid not placed",
      }),
      "fill-standing-bid": intent({
        schema: fillStandingBidSchema,
        signInToast: "You must be signed in",
        run: fillStandingBid,
        done: (sale, _input, { returnTo }) => ({
          redirect: returnTo,
          toasts: [
            {
              kind: "success",
              title: `Sold for ${formatCents(sale.amountCents)}`,
              description: `You received ${formatCents(sale.sellerAmountCents)} after the ${PLATFORM_FEE_PERCENT} fee.`,
            },
          ],
        }),
        failureTitle: "Sale failed",
      }),
    },
    { home: back },
  );
};

export default function CardBidsPage({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { card, ladder, sellNow, signedIn } = loaderData;
  return (
    <div className="container mx-auto max-w-4xl px-4 py-8">
      <PageHeader
        title={`Bids for ${card.name}`}
        lead={`${card.setName}. Any owner of a matching slab can sell to the best bid at once.`}
      />
      <p className="mb-6 text-sm">
        <Link to={`/cards/${card.id}`} className="underline underline-offset-2">
          {card.name}: its value, price history and listings
        </Link>
      </p>
      <YourSlabsList
        catalogueCardId={card.id}
        slabs={sellNow}
        redirectTo={`/auctions/cards/${card.id}`}
        className="mb-8"
      />
      <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
        <section aria-labelledby="ladder-title">
          <h2 id="ladder-title" className="mb-2 text-xl font-semibold">
            Best bids
          </h2>
          {ladder.length === 0 ? (
            <p className="text-muted-foreground text-sm">No standing bids yet. Be the first.</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th scope="col" className="py-1">
                    Bid
                  </th>
                  <th scope="col">Grader</th>
                  <th scope="col">Grade</th>
                  <th scope="col">Expires</th>
                </tr>
              </thead>
              <tbody>
                {ladder.map((rung) => (
                  <tr key={rung.id} className="border-t">
                    <td className="py-1 font-medium">
                      {formatCents(rung.amountCents)}
                      {rung.yours ? " (yours)" : ""}
                    </td>
                    <td>{rung.grader}</td>
                    <td>{rung.minGrade}+</td>
                    <td>
                      <Time value={rung.expiresAt} style="date" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <aside>
          {signedIn ? (
            <StandingBidForm cardId={card.id} reply={actionData} />
          ) : (
            <p className="rounded-md border p-4 text-sm">
              <Link to={`/auth?redirectTo=/auctions/cards/${card.id}`} className="underline">
                Sign in
              </Link>{" "}
              to bid.
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}
