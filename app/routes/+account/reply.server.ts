import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import type { TwoFactorSetup } from "~/.server/account/two-factor";
import { isDomainError } from "~/.server/errors";
import { redirectWithToasts, toToasts, type ToastInput } from "~/.server/toast";
import type { Toast } from "~/lib/toast";

/** What every /account form gets back: its Conform result, toasts, and 2FA setup data. */
export type AccountActionData = {
  /** The form the answer belongs to (its `intent`). */
  intent: string | null;
  result: SubmissionResult<string[]>;
  toasts: Toast[];
  twoFactorSetup: TwoFactorSetup | null;
};

/** Typed secrets never travel back into the page. */
const SECRET_FIELDS = ["currentPassword", "newPassword", "confirmPassword", "password", "code"];

type AnySubmission = Submission<unknown>;

function intentOf(submission: AnySubmission): string | null {
  return typeof submission.payload.intent === "string" ? submission.payload.intent : null;
}

/** The 400 answer to a form that failed the shared schema: errors go next to the fields. */
export function invalidSubmission(submission: AnySubmission) {
  const answer: AccountActionData = {
    intent: intentOf(submission),
    result: submission.reply({ hideFields: SECRET_FIELDS }),
    toasts: [],
    twoFactorSetup: null,
  };
  return data(answer, { status: 400 });
}

/** How an action answers once its domain call succeeded. */
type Success = {
  toast?: ToastInput;
  /** Set-Cookie headers to forward (Better Auth replaced the session). */
  headers?: Headers;
  twoFactorSetup?: TwoFactorSetup;
  /** Empty the form (password forms). */
  resetForm?: boolean;
};

/**
 * Runs one domain call for a parsed form and answers it: `onSuccess` turns its result into a
 * toast (or a redirect); a DomainError becomes an 'Error' toast with its message (spec
 * section 8, destructive), also shown next to the field `errorFields` names for its code.
 * Any other error propagates to the error boundary.
 */
export async function settle<T>(
  submission: AnySubmission,
  call: () => Promise<T>,
  onSuccess: (value: T) => Success | Promise<Response>,
  errorFields: Partial<Record<string, string>> = {},
) {
  const intent = intentOf(submission);
  let value: T;
  try {
    value = await call();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const field = errorFields[error.code];
    const answer: AccountActionData = {
      intent,
      result: submission.reply({
        hideFields: SECRET_FIELDS,
        ...(field
          ? { fieldErrors: { [field]: [error.message] } }
          : { formErrors: [error.message] }),
      }),
      toasts: toToasts([{ kind: "error", title: "Error", description: error.message }]),
      twoFactorSetup: null,
    };
    return data(answer, { status: error.status });
  }
  const success = await onSuccess(value);
  if (success instanceof Response) return success;
  const answer: AccountActionData = {
    intent,
    result: success.resetForm
      ? submission.reply({ resetForm: true })
      : submission.reply({ hideFields: SECRET_FIELDS }),
    toasts: toToasts(success.toast ? [success.toast] : []),
    twoFactorSetup: success.twoFactorSetup ?? null,
  };
  return data(answer, { headers: success.headers });
}

/**
 * Ends this browser's session cookie (its session row may already be gone) and goes to `to`
 * with `toast` (spec section 4: sign-out sends the user to /auth).
 */
export async function signedOutRedirect(
  request: Request,
  context: AppLoadContext,
  to: string,
  toast: ToastInput,
) {
  const { headers } = await context.auth.api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  return redirectWithToasts(context, to, [toast], headers);
}
