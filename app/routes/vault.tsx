import { parseWithZod } from "@conform-to/zod/v4";
import { LockKeyhole } from "lucide-react";
import { Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/vault";
import { invalidVaultForm, settleVault } from "./+vault/reply.server";
import { VaultSummary } from "./+vault/vault-summary";
import { RedemptionsList } from "./+vault/redemptions-list";
import { VaultTabs } from "./+vault/vault-tabs";
import { getAccount } from "~/.server/account/profile";
import { requestCtx } from "~/.server/request-context";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { listOwnRedemptions } from "~/.server/vault/redemptions-list";
import { loadVault } from "~/.server/vault/vault";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { redeemAddressOf } from "~/components/vault/redeem-dialog";
import { pageMeta } from "~/lib/meta";
import { achievementToasts } from "~/lib/achievement-toasts";
import { formatCents } from "~/lib/money";
import { safeRedirect } from "~/lib/safe-redirect";
import { vaultActionSchema } from "~/lib/schemas/vault";
import { signInHref } from "~/lib/sign-in-href";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "My Vault",
    "Your graded cards, kept safe in the PackVault vault: sell them back, list them or ship them home.",
  );

/**
 * /vault (spec packs-marketplace section 2 "Vault"; issue 5 section 4). A visitor gets the
 * 'Sign In Required' screen (not a redirect); a signed-in user their cards with their active
 * buyback offers and summary, and their saved shipping address for the redeem dialog.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) return { signedIn: false as const };
  const ctx = requestCtx(context);
  const [vault, account, redemptions] = await Promise.all([
    loadVault(ctx),
    getAccount(ctx),
    listOwnRedemptions(ctx),
  ]);
  return {
    signedIn: true as const,
    vault,
    redemptions,
    defaultAddress: redeemAddressOf(account),
    now: ctx.now(),
  };
}

/** Switching tabs only changes `?tab=`: the page already has every tab's data. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/**
 * Every vault form posts here with an `intent` (the contract of brief-issue5: the pack opening
 * dialog posts here too): `accept-buyback` (`offerId`) and `redeem` (`cardId` and the shipping
 * fields). Each redirects to `redirectTo` (a same-site path, /vault by default) with the spec's
 * toast, success or error (section 8); a form that fails the shared schema gets a 400 with its
 * field errors and changes nothing; a visitor is sent to /auth.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const returnTo = safeRedirect(formData.get("redirectTo"), "/vault");
  if (!context.user) throw redirect(signInHref(returnTo));
  const submission = parseWithZod(formData, { schema: vaultActionSchema });
  if (submission.status !== "success") return invalidVaultForm(submission);
  const ctx = requestCtx(context);
  const input = submission.value;

  switch (input.intent) {
    case "accept-buyback":
      return settleVault(
        context,
        returnTo,
        async () => {
          const accepted = await acceptBuyback(ctx, { offerId: input.offerId });
          await context.salesFeed.publish(accepted.sale);
          return accepted;
        },
        ({ amountCents, achievements }) => [
          {
            kind: "success",
            title: `Buyback accepted! You received ${formatCents(amountCents)}`,
          },
          ...achievementToasts(achievements),
        ],
        (error) =>
          error.code === "no_active_offer"
            ? { kind: "error", title: error.message }
            : {
                kind: "error",
                title: "Failed to accept buyback offer",
                description: error.message,
              },
      );
    case "redeem":
      return settleVault(
        context,
        returnTo,
        () => requestRedemption(ctx, input),
        ({ achievements }) => [
          {
            kind: "success",
            title: "Redemption requested! Your card will be shipped within 5-7 business days.",
          },
          ...achievementToasts(achievements),
        ],
        (error) => ({
          kind: "error",
          title: "Failed to request redemption",
          description: error.message,
        }),
      );
  }
}

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
  const { vault, redemptions, defaultAddress, now } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-12">
      <PageHeader
        title="My Vault"
        lead="Every card you pull is graded, vaulted and insured. Keep it, sell it back, list it or ship it home."
      />
      <VaultSummary summary={vault.summary} />
      <VaultTabs cards={vault.cards} now={now} defaultAddress={defaultAddress} />
      <RedemptionsList redemptions={redemptions} />
    </div>
  );
}
