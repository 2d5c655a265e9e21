import { ArrowLeft, Inbox, Receipt, Send } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { keepDataAcrossTabs } from "~/lib/tab-revalidation";
import type { Route } from "./+types/marketplace.offers";
import { offersIntentSchema, parseOfferTab, type OfferTab } from "./+marketplace/intents";
import { OfferItem } from "./+marketplace/offer-item";
import { TransactionItem } from "./+marketplace/transaction-item";
import { requireUser } from "~/.server/auth/guards";
import { intent, runIntent } from "~/.server/http/run-intent";
import { confirmReceipt, markShipped } from "~/.server/market/escrow";
import { loadOfferInbox } from "~/.server/market/inbox";
import { acceptOffer, endOffer } from "~/.server/market/offers";
import { acceptTrade, endTrade } from "~/.server/market/trades";
import { requestCtx } from "~/.server/request-context";
import type { ToastInput } from "~/.server/toast";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { TabsContent } from "~/components/ui/tabs";
import { UrlTabs, type UrlTab } from "~/components/ui/url-tabs";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "My offers",
    "Offers on your marketplace listings, the offers you made, and your sales.",
  );

/**
 * /marketplace/offers (docs/product/market.md): signed out, redirect to /auth. The offers and
 * trade requests received on the user's listings and made by them, and their sales and
 * purchases.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { inbox: await loadOfferInbox(requestCtx(context)) };
}

/** Switching tabs only changes `?tab=`: the page already has every tab's data. */
export const shouldRevalidate = keepDataAcrossTabs;

const ok = (title: string, description?: string): ToastInput => ({
  kind: "success",
  title,
  description,
});

const back = (tab: OfferTab) => `/marketplace/offers?tab=${tab}`;
const toTab = (input: { tab?: OfferTab }) => back(input.tab ?? "received");
const options = offersIntentSchema.options;
const invalidToast = (description: string): ToastInput => ({
  kind: "error",
  title: "Error",
  description,
});

/**
 * The intents that end an offer or a trade request, by name: its form, who ends it (the seller
 * declines, the sender withdraws), the toast back on its tab and the failure toast's title.
 */
const ENDINGS = {
  "decline-offer": {
    schema: options[1],
    as: "seller",
    toast: "Offer declined",
    failureTitle: "Failed to decline offer",
  },
  "withdraw-offer": {
    schema: options[2],
    as: "sender",
    toast: "Offer withdrawn",
    failureTitle: "Failed to withdraw offer",
  },
  "decline-trade": {
    schema: options[4],
    as: "seller",
    toast: "Trade offer declined",
    failureTitle: "Failed to decline trade offer",
  },
  "withdraw-trade": {
    schema: options[5],
    as: "sender",
    toast: "Trade offer withdrawn",
    failureTitle: "Failed to withdraw trade offer",
  },
} as const;

/** The intent of one of `ENDINGS`: ends the offer (`offerId`) or the trade request. */
function endIntent(name: keyof typeof ENDINGS) {
  const { schema, as, toast, failureTitle } = ENDINGS[name];
  return intent({
    schema,
    invalidToast,
    signInToast: "You must be signed in",
    run: (ctx, input) =>
      "offerId" in input
        ? endOffer(ctx, { offerId: input.offerId, as })
        : endTrade(ctx, { tradeRequestId: input.tradeRequestId, as }),
    done: (_none, input) => ({ redirect: toTab(input), toasts: [ok(toast)] }),
    failureTitle,
  });
}

/**
 * The inbox's forms, by `intent` (see `offersIntentSchema`): accept, decline or withdraw an
 * offer or a trade request; record a shipment; confirm receipt. Each comes back to its tab
 * with a toast; a domain refusal (not yours: 403; no longer pending; the buyer's wallet or an
 * offered card gone) answers with its failure toast and changes nothing.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "accept-offer": intent({
        schema: options[0],
        invalidToast,
        signInToast: "You must be signed in",
        run: acceptOffer,
        done: (accepted, input) =>
          accepted.kind === "trade"
            ? {
                redirect: toTab(input),
                toasts: [ok("Trade offer accepted", "Arrange the exchange with the buyer.")],
              }
            : accepted.sale.status === "completed"
              ? {
                  redirect: back("sales"),
                  toasts: [
                    ok(
                      "Offer accepted! The card is sold.",
                      `You received ${formatCents(accepted.sale.sellerAmountCents)} after the platform fee.`,
                    ),
                  ],
                }
              : {
                  redirect: back("sales"),
                  toasts: [
                    ok(
                      "Offer accepted!",
                      "Ship the item and add its tracking number: you are paid once it arrives.",
                    ),
                  ],
                },
        failureTitle: "Failed to accept offer",
      }),
      "decline-offer": endIntent("decline-offer"),
      "withdraw-offer": endIntent("withdraw-offer"),
      "accept-trade": intent({
        schema: options[3],
        invalidToast,
        signInToast: "You must be signed in",
        run: acceptTrade,
        done: ({ receivedCardIds }, input) => ({
          redirect: toTab(input),
          toasts: [
            ok(
              "Trade accepted!",
              `${receivedCardIds.length} ${receivedCardIds.length === 1 ? "card is" : "cards are"} now in your vault.`,
            ),
          ],
        }),
        failureTitle: "Failed to accept trade",
      }),
      "decline-trade": endIntent("decline-trade"),
      "withdraw-trade": endIntent("withdraw-trade"),
      "mark-shipped": intent({
        schema: options[6],
        signInToast: "You must be signed in",
        run: markShipped,
        done: () => ({
          redirect: back("sales"),
          toasts: [ok("Marked as shipped", "The buyer can follow it now.")],
        }),
        failureTitle: "Failed to mark as shipped",
      }),
      "confirm-receipt": intent({
        schema: options[7],
        invalidToast,
        signInToast: "You must be signed in",
        run: confirmReceipt,
        done: () => ({
          redirect: back("sales"),
          toasts: [ok("Receipt confirmed", "The seller has been paid.")],
        }),
        failureTitle: "Failed to confirm receipt",
      }),
    },
    { home: "/marketplace/offers" },
  );

const TABS: UrlTab<OfferTab>[] = [
  { value: "received", label: "Received", icon: Inbox },
  { value: "made", label: "Made", icon: Send },
  { value: "sales", label: "Sales & purchases", icon: Receipt },
];

/**
 * The two offer tabs, by side: the list's name, and when it is empty, what it says and where to
 * go next.
 */
const OFFER_LISTS = [
  {
    side: "received",
    icon: Inbox,
    label: "Offers received",
    empty: "No offers on your listings yet.",
    next: { to: "/vault", label: "List a card from your vault" },
  },
  {
    side: "made",
    icon: Send,
    label: "Offers made",
    empty: "You have not made any offers yet.",
    next: { to: "/marketplace", label: "Browse the marketplace" },
  },
] as const;

function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="text-muted-foreground flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-14 text-center">
      {children}
    </div>
  );
}

export default function OffersPage({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { inbox } = loaderData;
  const location = useLocation();
  const tab = parseOfferTab(new URLSearchParams(location.search).get("tab"));
  const pendingReceived = inbox.received.filter((offer) => offer.status === "pending").length;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to="/marketplace"
        className="text-muted-foreground hover:text-foreground mb-4 inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Marketplace
      </Link>
      <PageHeader
        title="My offers"
        lead="Offers on your listings, the offers you made, and your sales and purchases."
      />
      <UrlTabs
        tab={tab}
        tabs={TABS.map((entry) =>
          entry.value === "received" && pendingReceived > 0
            ? {
                ...entry,
                badge: (
                  <span className="bg-accent text-accent-foreground rounded-full px-1.5 text-xs">
                    {pendingReceived}
                    <span className="sr-only"> pending</span>
                  </span>
                ),
              }
            : entry,
        )}
        label="Offer lists"
        hideIconsOnMobile
      >
        {OFFER_LISTS.map(({ side, icon: Icon, empty, next, label }) => (
          <TabsContent key={side} value={side}>
            {inbox[side].length === 0 ? (
              <Empty>
                <Icon className="size-10" aria-hidden="true" />
                <p>{empty}</p>
                <Button asChild variant="outline">
                  <Link to={next.to}>{next.label}</Link>
                </Button>
              </Empty>
            ) : (
              <ul aria-label={label} className="space-y-4">
                {inbox[side].map((offer) => (
                  <li key={`${offer.kind}-${offer.id}`}>
                    <OfferItem offer={offer} side={side} tab={tab} />
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
        <TabsContent value="sales">
          {inbox.transactions.length === 0 ? (
            <Empty>
              <Receipt className="size-10" aria-hidden="true" />
              <p>No sales or purchases yet.</p>
            </Empty>
          ) : (
            <ul aria-label="Sales and purchases" className="space-y-4">
              {inbox.transactions.map((transaction) => (
                <li key={transaction.id}>
                  <TransactionItem transaction={transaction} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </UrlTabs>
    </div>
  );
}
