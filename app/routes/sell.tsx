import type { Route } from "./+types/sell";
import { answerOfferIntentSchema, submitIntentSchema } from "./+sell/intents";
import { SubmissionForm } from "./+sell/submission-form";
import { SubmissionList, type SellSubmission } from "./+sell/submission-list";
import { WhatHappensNext } from "./+sell/what-happens-next";
import { requireUser } from "~/.server/auth/guards";
import { answerShopOffer, listOwnSubmissions, submitItem } from "~/.server/market/submissions";
import { intent, runIntent } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { routeErrorBoundary } from "~/components/errors/route-error-page";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Sell Your Collectibles",
    "Submit your trading cards, comics and collectibles to PackVault for a free evaluation and a fair offer.",
  );

/**
 * /sell (docs/product/market.md "Selling to the shop"): a visitor is sent to /auth
 * (and back here after signing in); a signed-in user gets the form and their own submissions,
 * newest first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  const submissions = await listOwnSubmissions(requestCtx(context));
  return {
    submissions: submissions.map((s): SellSubmission => ({
      id: s.id,
      itemName: s.itemName,
      itemDescription: s.itemDescription,
      category: s.category,
      status: s.status,
      estimatedValueCents: s.estimatedValueCents,
      offerAmountCents: s.offerAmountCents,
      submittedAt: s.createdAt.toISOString(),
    })),
  };
}

/**
 * The forms of /sell, by `intent`:
 * - submit: 'Submit Your Collectibles' -> back to /sell with 'Submission received! ...';
 *   a domain refusal: 'Failed to submit request' with its message;
 * - answer-offer: Accept or Reject the shop's offer on an `offer_made` submission -> back to
 *   /sell with a toast; a refusal: 'Failed to answer offer' with its message.
 * A visitor is sent to /auth; a form failing the shared schema gets a 400 with its field errors
 * (or a toast for a hidden field) and changes nothing.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      submit: intent({
        schema: submitIntentSchema,
        // The domain checks the typed fields itself (the estimate in dollars becomes cents there).
        run: submitItem,
        done: () => ({
          redirect: "/sell",
          toasts: [
            {
              kind: "success",
              title:
                "Submission received! We'll review your item and get back to you within 2-3 business days.",
            },
          ],
        }),
        failureTitle: "Failed to submit request",
      }),
      "answer-offer": intent({
        schema: answerOfferIntentSchema,
        invalidToast: (description) => ({ kind: "error", title: "Error", description }),
        run: answerShopOffer,
        done: (_none, input) => ({
          redirect: "/sell",
          toasts: [
            input.answer === "accept"
              ? {
                  kind: "success",
                  title: "Offer accepted!",
                  description:
                    "Print your prepaid shipping label from Your Submissions. You are paid within 5 business days after we authenticate your item.",
                }
              : {
                  kind: "success",
                  title: "Offer rejected",
                  description: "Your submission is closed.",
                },
          ],
        }),
        failureTitle: "Failed to answer offer",
      }),
    },
    { home: "/sell" },
  );

export default function Sell({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { submissions } = loaderData;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-12">
      <PageHeader
        title="Submit Your Collectibles"
        lead="Sell your cards, comics and memorabilia to PackVault. Tell us about your item and our experts will make you a fair offer."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
        <section aria-labelledby="item-details" className="bg-surface rounded-xl border p-5 sm:p-6">
          <h2 id="item-details" className="mb-4 text-lg font-semibold">
            Item Details
          </h2>
          {/* A new submission in the list means the last one went through: start empty. */}
          <SubmissionForm
            key={submissions[0]?.id ?? 0}
            lastResult={actionData?.intent === "submit" ? actionData.result : undefined}
          />
        </section>
        <WhatHappensNext />
      </div>
      <div className="mt-10">
        <SubmissionList submissions={submissions} />
      </div>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  failed: "We could not load this page. Please try again in a moment.",
  refused: "This page is not available.",
  back: { to: "/sell", label: "Try again" },
});
