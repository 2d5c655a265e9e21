import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import { isDomainError, type DomainError } from "~/.server/errors";
import { redirectWithToasts, toToasts, type ToastInput } from "~/.server/toast";
import type { Toast } from "~/lib/toast";

/**
 * What POST /vault answers when it does not redirect (a form that failed the shared schema,
 * status 400): the form's `intent`, its Conform result and the same errors by field name (shown
 * next to the fields of the redeem dialog), and a toast for a form whose fields are hidden
 * (a tampered Sell Now).
 */
export type VaultActionData = {
  intent: string | null;
  result: SubmissionResult<string[]>;
  fieldErrors: Record<string, string[]>;
  toasts: Toast[];
};

/** The 400 answer to a /vault form that failed the shared `vaultActionSchema`; nothing changed. */
export function invalidVaultForm(submission: Submission<unknown>) {
  const intent = typeof submission.payload.intent === "string" ? submission.payload.intent : null;
  const fieldErrors = Object.fromEntries(
    Object.entries(("error" in submission ? submission.error : null) ?? {}).filter(
      (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0,
    ),
  );
  const first = Object.values(fieldErrors)[0]?.[0] ?? "Invalid request";
  const answer: VaultActionData = {
    intent,
    result: submission.reply(),
    fieldErrors,
    toasts:
      intent === "redeem"
        ? []
        : toToasts([
            { kind: "error", title: "Failed to accept buyback offer", description: first },
          ]),
  };
  return data(answer, { status: 400 });
}

/**
 * Runs one vault domain call and redirects to `to` with flash toasts: `success(result)` when it
 * succeeds, `refusal(error)` when it throws a DomainError (spec section 8 wording; nothing
 * changed). Any other error propagates to the error boundary.
 */
export async function settleVault<T>(
  context: AppLoadContext,
  to: string,
  call: () => Promise<T>,
  success: (result: T) => ToastInput | ToastInput[],
  refusal: (error: DomainError) => ToastInput,
): Promise<Response> {
  let result: T;
  try {
    result = await call();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    context.log.info({ code: error.code }, "vault form refused");
    return redirectWithToasts(context, to, [refusal(error)]);
  }
  return redirectWithToasts(context, to, [success(result)].flat());
}
