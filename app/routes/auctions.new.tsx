import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/auctions.new";
import { auctionableCard } from "~/.server/auctions/auction-views";
import { createAuction } from "~/.server/auctions/create-auction";
import { requireUser } from "~/.server/auth/guards";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { Button } from "~/components/ui/button";
import { DollarInput, Select } from "~/components/ui/form-controls";
import { PageHeader } from "~/components/ui/page-header";
import { AUCTION_DAYS } from "~/lib/auctions";
import { pageMeta } from "~/lib/meta";
import { refusalMessage } from "~/lib/intent-reply";
import { startAuctionSchema } from "~/lib/schemas/auctions";
import { useToasts } from "~/lib/toast";
import { PLATFORM_FEE_PERCENT } from "~/lib/rates";

export const meta: Route.MetaFunction = () =>
  pageMeta("Start an auction", "Put a card from your vault up for auction.");

/** /auctions/new?cardId= (docs/product/market.md "Auctions"): the signed-in owner's vaulted card. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const cardId = Number(new URL(request.url).searchParams.get("cardId"));
  const card = await auctionableCard(requestCtx(context), user.id, cardId);
  if (!card) throw data("This card is no longer in your vault", { status: 404 });
  return { card };
}

/** 'Start an auction': on success, to the new auction's page. */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "start-auction": intent({
        schema: startAuctionSchema,
        signInToast: "Please sign in to start an auction",
        run: createAuction,
        done: ({ auctionId }) => ({
          redirect: `/auctions/${auctionId}`,
          toasts: [{ kind: "success", title: "Your auction is live" }],
        }),
        failureTitle: "Auction not started",
      }),
    },
    { home: "/vault" },
  );

export default function StartAuctionPage({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { card } = loaderData;
  const navigation = useNavigation();
  const errors = actionData?.fieldErrors ?? {};
  const days = Array.from(
    { length: AUCTION_DAYS.max - AUCTION_DAYS.min + 1 },
    (_, i) => i + AUCTION_DAYS.min,
  );
  return (
    <div className="container mx-auto max-w-xl px-4 py-8">
      <PageHeader
        title="Start an auction"
        lead={`${card.name} (grade ${card.grade}) leaves your vault's listings and trades while the auction runs. Sellers pay the ${PLATFORM_FEE_PERCENT} fee; buyers pay no premium.`}
      />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="start-auction" />
        <input type="hidden" name="cardId" value={card.id} />
        {(
          [
            ["startPrice", "Start price", "The first bid can be this much."],
            [
              "reserve",
              "Reserve (optional)",
              "Hidden from bidders; below it the card comes back to you.",
            ],
          ] as const
        ).map(([name, label, help]) => (
          <div key={name} className="space-y-1">
            <label htmlFor={name} className="block text-sm font-medium">
              {label}
            </label>
            <DollarInput
              id={name}
              name={name}
              required={name === "startPrice"}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={`${name}-help${errors[name] ? ` ${name}-error` : ""}`}
            />
            <p id={`${name}-help`} className="text-muted-foreground text-xs">
              {help}
            </p>
            {errors[name] ? (
              <p id={`${name}-error`} role="alert" className="text-danger text-sm">
                {errors[name][0]}
              </p>
            ) : null}
          </div>
        ))}
        <div className="space-y-1">
          <label htmlFor="days" className="block text-sm font-medium">
            Length
          </label>
          <Select id="days" name="days" defaultValue="7">
            {days.map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? "day" : "days"}
              </option>
            ))}
          </Select>
        </div>
        {actionData && Object.keys(errors).length === 0 && actionData.toasts.length > 0 ? (
          <p role="alert" className="text-danger text-sm">
            {refusalMessage(actionData)}
          </p>
        ) : null}
        <div className="flex gap-3">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Starting…" : "Start auction"}
          </Button>
          <Button asChild variant="outline">
            <Link to="/vault">Back to vault</Link>
          </Button>
        </div>
      </Form>
    </div>
  );
}
