import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Wallet as WalletIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/wallet";
import { AddFundsForm } from "./+wallet/add-funds-form";
import { invalidTopUp, settleTopUp } from "./+wallet/reply.server";
import { WalletHistory } from "./+wallet/wallet-history";
import { requireUser } from "~/.server/auth/guards";
import { requestCtx } from "~/.server/request-context";
import { addFunds } from "~/.server/wallet/top-up";
import { walletHistory } from "~/.server/wallet/wallet";
import { playStatus } from "~/.server/play/status";
import { ConfirmDateOfBirth } from "~/components/play/confirm-date-of-birth";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { safeRedirect } from "~/lib/safe-redirect";
import { topUpSchema } from "~/lib/schemas/wallet";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () =>
  pageMeta("Wallet", "Your PackVault balance, its history, and adding funds.");

/** A same-site path from a query or form value, or null (nothing, or not a safe path). */
function backTo(value: FormDataEntryValue | string | null): string | null {
  const path = safeRedirect(value, "");
  return path === "" ? null : path;
}

/**
 * /wallet (issue 5 section 1): signed out, redirect to /auth. The balance, one page of its
 * history (`?page=`), and the Add funds form with this render's idempotency key (like /cart's
 * checkout). `?redirectTo=` (a same-site path, e.g. the pack being bought) is where a successful
 * top-up goes back to. An account without a date of birth is asked to confirm it first
 * (docs/decisions/010-responsible-play.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const url = new URL(request.url);
  const ctx = requestCtx(context);
  const [wallet, play] = await Promise.all([
    walletHistory(ctx, { page: Number(url.searchParams.get("page") ?? "1") }),
    playStatus(ctx),
  ]);
  return {
    wallet,
    dateOfBirthConfirmed: play.dateOfBirthConfirmed,
    idempotencyKey: randomUUID(),
    redirectTo: backTo(url.searchParams.get("redirectTo")),
  };
}

/**
 * The Add funds form posts here: checked with the shared schema (400 with the errors by the
 * fields, nothing charged), then one `addFunds`. Success redirects to `redirectTo` (or /wallet)
 * with 'Funds added'; a declined card answers 402 with 'Your card was declined' and changes no
 * balance.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireUser(request, context);
  const ctx = requestCtx(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: topUpSchema(ctx.now()) });
  if (submission.status !== "success") return invalidTopUp(submission);
  const field = (name: string) => String(formData.get(name) ?? "");
  return settleTopUp(context, submission, backTo(formData.get("redirectTo")) ?? "/wallet", () =>
    addFunds(ctx, {
      amount: field("amount"),
      cardNumber: field("cardNumber"),
      expiry: field("expiry"),
      cvc: field("cvc"),
      idempotencyKey: submission.value.idempotencyKey,
    }),
  );
}

export default function Wallet({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { wallet, idempotencyKey, redirectTo } = loaderData;
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
        className="bg-surface mb-8 flex items-center gap-4 rounded-xl border p-5 sm:p-6"
      >
        <span className="bg-surface-2 text-accent grid size-12 shrink-0 place-items-center rounded-lg">
          <WalletIcon className="size-6" aria-hidden="true" />
        </span>
        <div>
          <p className="text-muted-foreground text-sm">Available balance</p>
          <p className="text-3xl font-bold tabular-nums">{formatCents(wallet.balanceCents)}</p>
        </div>
      </section>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="space-y-4 lg:order-last">
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
        </div>
        <WalletHistory wallet={wallet} />
      </div>
    </div>
  );
}
