import { data } from "react-router";
import type { Route } from "./+types/dev.auctions.$id.fast-forward";
import { fastForwardAuction } from "~/.server/auctions/fast-forward";
import { intent, runIntent } from "~/.server/http/run-intent";
import { fastForwardAuctionSchema } from "~/lib/schemas/auctions";

/**
 * POST /dev/auctions/{id}/fast-forward (`intent=fast-forward`, `endsInSeconds`): a development
 * tool for a signed-in user, so that a test can bid in an auction's last minutes and watch it
 * close (docs/decisions/046-auction-fast-forward.md). Back to the auction's page. Exists only
 * with DEV_TOOLS=1: 404 otherwise (and for an id that is not a number) (every production deployment), and nothing changes.
 */
export async function action(args: Route.ActionArgs) {
  const auctionId = Number(args.params.id);
  if (!args.context.env.DEV_TOOLS || !Number.isSafeInteger(auctionId) || auctionId < 1) {
    throw data("Not found", { status: 404 });
  }
  const page = `/auctions/${args.params.id}`;
  return runIntent(
    args,
    {
      "fast-forward": intent({
        schema: fastForwardAuctionSchema,
        run: (ctx, { endsInSeconds }) => fastForwardAuction(ctx, { auctionId, endsInSeconds }),
        done: ({ movedSeconds }) => ({
          redirect: page,
          toasts: [{ kind: "success", title: `Fast-forwarded ${movedSeconds} s` }],
        }),
        failureTitle: "Not fast-forwarded",
      }),
    },
    { home: page, refuseByRedirect: true },
  );
}
