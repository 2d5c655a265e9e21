import type { Submission } from "@conform-to/react";
import { data, redirect, type AppLoadContext } from "react-router";
import { isDomainError } from "~/.server/errors";
import { redirectWithToasts, toToasts, type ToastInput } from "~/.server/toast";
import type { MarketActionData } from "~/components/market/market-action";
import { signInHref } from "~/lib/sign-in-href";

/** The `intent` field of a posted form, or null. */
export function intentOf(formData: FormData): string | null {
  const intent = formData.get("intent");
  return typeof intent === "string" ? intent : null;
}

/**
 * A visitor's marketplace POST: back to /auth (returning to `returnTo` afterwards) with the
 * spec's sign-in toast for that action ('Please sign in to create a listing', ...).
 */
export function signInFirst(context: AppLoadContext, returnTo: string, title: string) {
  return redirectWithToasts(context, signInHref(returnTo), [{ kind: "error", title }]);
}

/**
 * The 400 answer to a form that failed its shared schema: nothing changed. The field errors go
 * back to the dialog; `toast`, when given, also turns the first error into a toast (for forms
 * whose fields are hidden, e.g. a tampered id, or whose message the spec shows as a toast).
 */
export function invalidMarketForm(
  submission: Submission<unknown>,
  toast?: (firstError: string) => ToastInput,
) {
  const intent = typeof submission.payload.intent === "string" ? submission.payload.intent : null;
  const fieldErrors = Object.fromEntries(
    Object.entries(("error" in submission ? submission.error : null) ?? {}).filter(
      (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0,
    ),
  );
  const first = Object.values(fieldErrors)[0]?.[0] ?? "Invalid request";
  const answer: MarketActionData = {
    intent,
    result: submission.reply(),
    fieldErrors,
    toasts: toast ? toToasts([toast(first)]) : [],
  };
  return data(answer, { status: 400 });
}

/** The 400 answer to an unknown `intent` (STYLE.md: never a fall-through). */
export function unknownIntent(intent: string | null) {
  const answer: MarketActionData = {
    intent,
    fieldErrors: {},
    toasts: toToasts([{ kind: "error", title: "Error", description: "Unknown action" }]),
  };
  return data(answer, { status: 400 });
}

/**
 * Runs one marketplace domain call. Success: a redirect to `success(result).to` with its flash
 * toast. A DomainError: an answer with its status and the toast `failureTitle` (spec section 8:
 * 'Failed to create listing', 'Failed to send offer', ...) with the domain's message; the page
 * and any open dialog stay as they were, nothing changed. Any other error propagates to the
 * error boundary.
 */
export async function settleMarket<T>(
  context: AppLoadContext,
  intent: string,
  call: () => Promise<T>,
  success: (result: T) => { to: string; toast: ToastInput; more?: ToastInput[] },
  failureTitle: string,
) {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.log.info({ code: error.code, intent }, "marketplace form refused");
    if (error.code === "not_signed_in") throw redirect(signInHref("/marketplace"));
    const answer: MarketActionData = {
      intent,
      fieldErrors: {},
      toasts: toToasts([{ kind: "error", title: failureTitle, description: error.message }]),
    };
    return data(answer, { status: error.status });
  }
  const { to, toast, more = [] } = success(result);
  return redirectWithToasts(context, to, [toast, ...more]);
}
