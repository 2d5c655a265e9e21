import { randomUUID } from "node:crypto";
import { ArrowLeft, Wallet as WalletIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/wallet";
import { AddFundsForm } from "./+wallet/add-funds-form";
import { PayoutsList } from "./+wallet/payouts-list";
import { WalletHistory } from "./+wallet/wallet-history";
import { WithdrawFundsForm } from "./+wallet/withdraw-form";
import { requireUser } from "~/.server/auth/guards";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { addFunds } from "~/.server/wallet/top-up";
import { walletHistory } from "~/.server/wallet/wallet";
import { myPayouts, requestWithdrawal, withdrawalState } from "~/.server/wallet/withdrawals";
import { playStatus } from "~/.server/play/status";
import { ConfirmDateOfBirth } from "~/components/play/confirm-date-of-birth";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import { safeRedirect } from "~/lib/safe-redirect";
import { topUpSchema, withdrawSchema } from "~/lib/schemas/wallet";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () =>
  pageMeta("Wallet", "Your PackVault balance, its history, and adding funds.");

/** A same-site path from a query or form value, or null (nothing, or not a safe path). */
function backTo(value: FormDataEntryValue | string | null): string | null {
  const path = safeRedirect(value, "");
  return path === "" ? null : path;
}

/**
 * /wallet (docs/product/wallet.md "Adding funds"): signed out, redirect to /auth. The balance (held for offers and
 * available: docs/decisions/009-held-offers-and-payouts.md), one page of its history
 * (`?page=`), the Add funds and Withdraw funds forms with this render's idempotency key (like
 * /cart's checkout), and the latest withdrawals. `?redirectTo=` (a same-site path, e.g. the pack
 * being bought) is where a successful top-up goes back to. An account without a date of birth
 * is asked to confirm it first (docs/decisions/010-responsible-play.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const url = new URL(request.url);
  const ctx = requestCtx(context);
  const [wallet, play, withdrawable, payouts] = await Promise.all([
    walletHistory(ctx, { page: Number(url.searchParams.get("page") ?? "1") }),
    playStatus(ctx),
    withdrawalState(ctx),
    myPayouts(ctx),
  ]);
  return {
    wallet,
    dateOfBirthConfirmed: play.dateOfBirthConfirmed,
    withdrawable,
    payouts,
    idempotencyKey: randomUUID(),
    redirectTo: backTo(url.searchParams.get("redirectTo")),
  };
}

/** What a refused top-up adds to its answer. */
export type WalletReply = {
  /**
   * A fresh key for the next try after a refused charge: the refused one is recorded under its
   * key, so sending it again would replay the refusal.
   */
  idempotencyKey: string;
};

/**
 * The two forms post here, by `intent`:
 * - `add-funds`: checked with the shared schema (400 with the errors by the fields, nothing
 *   charged), then one `addFunds`. Success redirects to `redirectTo` (or /wallet) with 'Funds
 *   added'; a declined card answers 402 with 'Your card was declined', a new idempotency key,
 *   and changes no balance. The card's number and code never come back.
 * - `withdraw`: checked with the shared schema, then one `requestWithdrawal`; success
 *   redirects to /wallet with 'Withdrawal requested'; a refusal answers its status and message
 *   with a new idempotency key.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent<WalletReply>(
    args,
    {
      "add-funds": intent({
        schema: (ctx) => topUpSchema(ctx.now()),
        run: (ctx, input) => addFunds(ctx, input),
        done: ({ amountCents }, _input, { returnTo }) => ({
          redirect: returnTo,
          toasts: [
            {
              kind: "success",
              title: "Funds added",
              description: `${formatCents(amountCents)} was added to your wallet.`,
            },
          ],
        }),
        failureTitle: "Failed to add funds",
        refused: (error) => ({
          reply: { idempotencyKey: randomUUID() },
          ...(error.code === "card_declined"
            ? {
                toast: {
                  kind: "error",
                  title: error.message,
                  description: "Nothing was charged and your balance is unchanged.",
                },
              }
            : {}),
        }),
        hideFields: ["cardNumber", "cvc"],
      }),
      withdraw: intent({
        schema: withdrawSchema,
        run: (ctx, input) => requestWithdrawal(ctx, input),
        done: ({ amountCents }) => ({
          redirect: "/wallet",
          toasts: [
            {
              kind: "success",
              title: "Withdrawal requested",
              description: `${formatCents(amountCents)} left your balance and is paid to your bank once approved.`,
            },
          ],
        }),
        failureTitle: "Withdrawal refused",
        refused: () => ({ reply: { idempotencyKey: randomUUID() } }),
      }),
    },
    { home: "/wallet" },
  );

export default function Wallet({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { wallet, withdrawable, payouts, idempotencyKey, redirectTo } = loaderData;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-12">
      <PageHeader title="Wallet" lead="Your balance pays for packs and marketplace buys.">
        {redirectTo ? (
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <Link to={redirectTo}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to where you were
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      <section
        aria-label="Balance"
        className="bg-surface mb-8 flex flex-wrap items-center gap-4 rounded-xl border p-5 sm:p-6"
      >
        <span className="bg-surface-2 text-accent grid size-12 shrink-0 place-items-center rounded-lg">
          <WalletIcon className="size-6" aria-hidden="true" />
        </span>
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-4 sm:grid-cols-3">
          {[
            { term: "Balance", cents: wallet.balanceCents },
            { term: "Held for offers", cents: wallet.heldCents },
            // On a phone it takes its own line: three figures side by side ran past the card.
            { term: "Available balance", cents: wallet.availableCents, main: true },
          ].map(({ term, cents, main }) => (
            <div key={term} className={main ? "col-span-2 sm:col-span-1" : undefined}>
              <dt className="text-muted-foreground text-sm">{term}</dt>
              <dd
                className={cn("font-bold tabular-nums", main ? "text-3xl" : "text-xl sm:text-2xl")}
              >
                {formatCents(cents)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="space-y-8 lg:order-last">
          {loaderData.dateOfBirthConfirmed ? null : (
            <ConfirmDateOfBirth className="bg-surface rounded-xl border p-5" />
          )}
          {/* A new key after each top-up starts the form over (empty fields, new idempotency key). */}
          <AddFundsForm
            key={idempotencyKey}
            idempotencyKey={actionData?.idempotencyKey ?? idempotencyKey}
            redirectTo={redirectTo}
            actionData={actionData}
          />
          <WithdrawFundsForm
            key={`withdraw-${idempotencyKey}`}
            idempotencyKey={actionData?.idempotencyKey ?? idempotencyKey}
            state={withdrawable}
            actionData={actionData}
          />
          <PayoutsList payouts={payouts} />
        </div>
        <WalletHistory wallet={wallet} />
      </div>
    </div>
  );
}
