import { LockKeyhole } from "lucide-react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/vault";
import { VaultSummary } from "./+vault/vault-summary";
import { PortfolioPanel } from "./+vault/portfolio-panel";
import { RedemptionsList } from "./+vault/redemptions-list";
import { VaultTabs } from "./+vault/vault-tabs";
import { getAccount } from "~/.server/account/profile";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { listOwnRedemptions } from "~/.server/vault/redemptions-list";
import { loadVaultPage } from "~/.server/vault/vault";
import { loadPortfolioHistory } from "~/.server/value/portfolio";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { redeemAddressOf } from "~/components/vault/redeem-dialog";
import { pageMeta } from "~/lib/meta";
import { achievementToasts } from "~/lib/achievement-toasts";
import { formatCents } from "~/lib/money";
import { acceptBuybackSchema, parseVaultShown, redeemFormSchema } from "~/lib/schemas/vault";
import { signInHref } from "~/lib/sign-in-href";
import { useToasts } from "~/lib/toast";
import { sessionPageHandle } from "~/lib/session-page-cache";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "My Vault",
    "Your graded cards, kept safe in the PackVault vault: sell them back, list them or ship them home.",
  );

/**
 * Kept per session while the database is unchanged: its loaders read only the database, the URL
 * and the session (docs/decisions/062-signed-in-page-cache.md).
 */
export const handle = sessionPageHandle;

/**
 * /vault (docs/product/vault.md). A visitor gets the
 * 'Sign In Required' screen (not a redirect); a signed-in user their summary, the first
 * `?shown=` cards of each grid (a page of `VAULT_PAGE_SIZE` by default, with each grid's
 * total for its 'Show more cards' link), the cards with an active buyback offer, and their
 * saved shipping address for the redeem dialog.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) return { signedIn: false as const };
  const ctx = requestCtx(context);
  const shown = parseVaultShown(new URL(request.url).searchParams.get("shown"));
  const [vault, account, redemptions, portfolio] = await Promise.all([
    loadVaultPage(ctx, shown),
    getAccount(ctx),
    listOwnRedemptions(ctx),
    loadPortfolioHistory(ctx, 365),
  ]);
  return {
    signedIn: true as const,
    ...vault,
    shown,
    portfolio,
    redemptions,
    defaultAddress: redeemAddressOf(account),
    now: ctx.now(),
  };
}

/**
 * Switching tabs only changes `?tab=`: the page already has every tab's data ('Show more
 * cards' changes `?shown=`, and reloads).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const sameCards =
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get("shown") === nextUrl.searchParams.get("shown");
  if (!formMethod && sameCards) return false;
  return defaultShouldRevalidate;
}

/**
 * Every vault form posts here with an `intent` (the pack opening dialog posts here too):
 * `accept-buyback` (`offerId`) and `redeem` (`cardId` and the shipping fields). Each goes back
 * to `redirectTo` (a same-site path, /vault by default) with the spec's toast, success or error;
 * a form that fails the shared schema gets a 400 with its field errors and changes nothing.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "accept-buyback": intent({
        schema: acceptBuybackSchema,
        run: acceptBuyback,
        done: ({ amountCents }, _input, { returnTo }) => ({
          redirect: returnTo,
          toasts: [
            {
              kind: "success",
              title: `Buyback accepted! You received ${formatCents(amountCents)}`,
            },
          ],
        }),
        failureTitle: "Failed to accept buyback offer",
        invalidToast: (first) => ({
          kind: "error",
          title: "Failed to accept buyback offer",
          description: first,
        }),
        refused: (error, _input, { returnTo }) => ({
          redirect: returnTo,
          ...(error.code === "no_active_offer"
            ? { toast: { kind: "error", title: error.message } }
            : {}),
        }),
      }),
      redeem: intent({
        schema: redeemFormSchema,
        run: requestRedemption,
        done: ({ achievements }, _input, { returnTo }) => ({
          redirect: returnTo,
          toasts: [
            {
              kind: "success",
              title: "Redemption requested! Your card will be shipped within 5-7 business days.",
            },
            ...achievementToasts(achievements),
          ],
        }),
        failureTitle: "Failed to request redemption",
        refused: (_error, _input, { returnTo }) => ({ redirect: returnTo }),
      }),
    },
    { home: "/vault" },
  );

/** What a visitor sees (spec "Vault": signed out, 'Sign In Required'). */
function SignInRequired() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <span className="bg-surface-2 text-accent grid size-14 place-items-center rounded-full">
        <LockKeyhole className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold">Sign In Required</h1>
      <p className="text-muted-foreground">
        Sign in to see your vault: the cards you pulled, their buyback offers and your redemptions.
      </p>
      <Button asChild size="lg">
        <Link to={signInHref("/vault")}>Sign In</Link>
      </Button>
    </div>
  );
}

export default function VaultPage({ loaderData, actionData }: Route.ComponentProps) {
  // A refused form posted before JavaScript loaded answers here (with JavaScript, the fetcher).
  useToasts(actionData?.toasts);
  if (!loaderData.signedIn) return <SignInRequired />;
  const { summary, grids, offerCards, shown, portfolio, redemptions, defaultAddress, now } =
    loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-12">
      <PageHeader
        title="My Vault"
        lead="Every card you pull is graded, vaulted and insured. Keep it, sell it back, list it or ship it home."
      />
      <VaultSummary summary={summary} />
      <PortfolioPanel
        summary={summary}
        history={portfolio}
        today={now.toISOString().slice(0, 10)}
      />
      <VaultTabs
        grids={grids}
        offerCards={offerCards}
        shown={shown}
        now={now}
        defaultAddress={defaultAddress}
      />
      <RedemptionsList redemptions={redemptions} />
    </div>
  );
}
