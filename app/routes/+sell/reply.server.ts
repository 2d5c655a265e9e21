import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import { isDomainError, type DomainError } from "~/.server/errors";
import { redirectWithToasts, toToasts, type ToastInput } from "~/.server/toast";
import type { Toast } from "~/lib/toast";

/**
 * What POST /sell answers when it does not redirect: the form's `intent`, the submission form's
 * Conform result (its field errors; the form shows the first), and toasts to show.
 */
export type SellActionData = {
  intent: string | null;
  result?: SubmissionResult<string[]>;
  toasts: Toast[];
};

/**
 * The 400 answer to a /sell form that failed the shared schema; nothing changed. The
 * submission form gets its field errors back; any other form (a tampered Accept or Reject, an
 * unknown intent) a toast with the first message.
 */
export function invalidSellForm(submission: Submission<unknown>) {
  const intent = typeof submission.payload.intent === "string" ? submission.payload.intent : null;
  if (intent === "submit") {
    const answer: SellActionData = { intent, result: submission.reply(), toasts: [] };
    return data(answer, { status: 400 });
  }
  const errors = ("error" in submission ? submission.error : null) ?? {};
  const first = Object.values(errors)
    .flat()
    .find((error) => typeof error === "string");
  const answer: SellActionData = {
    intent,
    toasts: toToasts([
      {
        kind: "error",
        title: "Error",
        description: intent === "answer-offer" ? (first ?? "Invalid request") : "Unknown action",
      },
    ]),
  };
  return data(answer, { status: 400 });
}

/**
 * Runs one /sell domain call: on success a redirect to /sell with `success(result)` as a flash
 * toast; on a DomainError an answer with its status and the toast `refusal(error)` (nothing
 * changed, the form keeps its values). Any other error propagates to the error boundary.
 */
export async function settleSell<T>(
  context: AppLoadContext,
  intent: string,
  call: () => Promise<T>,
  success: (result: T) => ToastInput,
  refusal: (error: DomainError) => ToastInput,
) {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.log.info({ code: error.code, intent }, "sell form refused");
    const answer: SellActionData = { intent, toasts: toToasts([refusal(error)]) };
    return data(answer, { status: error.status });
  }
  return redirectWithToasts(context, "/sell", [success(result)]);
}
