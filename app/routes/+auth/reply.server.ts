import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import type { AuthDeps } from "~/.server/auth/sign-in";
import { AuthRefusal } from "~/.server/auth/sign-in";
import { isDomainError, type DomainError } from "~/.server/errors";
import { authRateLimiter } from "~/.server/security/rate-limit";
import { signedCookie, toToasts, type ToastInput } from "~/.server/toast";
import type { Toast } from "~/lib/toast";
import type { AuthFormInput } from "~/lib/schemas/auth";

type AuthIntent = AuthFormInput["intent"];

/** Which part of /auth to show: the Sign In / Sign Up tabs, or the two-factor code. */
export type AuthStep = "credentials" | "two-factor";

/** What every /auth form gets back when it is not redirected. */
export type AuthActionData = {
  /** The form the answer belongs to. */
  intent: AuthIntent | null;
  step: AuthStep;
  result: SubmissionResult<string[]>;
  toasts: Toast[];
};

/** Typed secrets never travel back into the page. */
const SECRET_FIELDS = ["password", "code"];

/** Spec storefront section 8: the failure toast's title per form. */
const FAILURE_TITLES: Record<AuthIntent, string> = {
  "sign-in": "Error signing in",
  "verify-totp": "Error signing in",
  "sign-up": "Error creating account",
};

/** Spec section 8's success toast after a sign-in. */
export const SIGNED_IN: ToastInput = {
  kind: "success",
  title: "Welcome back! You've successfully signed in.",
};
/** Spec section 8's success toast after a sign-up. */
export const SIGNED_UP: ToastInput = {
  kind: "success",
  title: "Account created! Please check your email to verify your account.",
};

/** A fraud-check warning as spec section 8's 'Security Notice'. */
export const securityNotice = (warning: string | undefined): ToastInput[] =>
  warning ? [{ kind: "warning", title: "Security Notice", description: warning }] : [];

type AnySubmission = Submission<unknown>;

function intentOf(submission: AnySubmission): AuthIntent | null {
  const intent = submission.payload.intent;
  return intent === "sign-in" || intent === "sign-up" || intent === "verify-totp" ? intent : null;
}

/** The 400 answer to a form that failed the shared schema: errors go next to the fields. */
export function invalidSubmission(submission: AnySubmission) {
  const intent = intentOf(submission);
  const answer: AuthActionData = {
    intent,
    step: intent === "verify-totp" ? "two-factor" : "credentials",
    result: submission.reply({ hideFields: SECRET_FIELDS }),
    toasts: [],
  };
  return data(answer, { status: 400 });
}

/**
 * The answer that shows the two-factor step: Better Auth's challenge cookie (in `headers`) and
 * `pendingCookie` (see {@link pendingSignInCookie}) are set, a fraud-check warning is shown.
 */
export function twoFactorStep(
  submission: AnySubmission,
  { notice, headers }: { notice?: string; headers: Headers },
  pendingCookie: string,
) {
  const answer: AuthActionData = {
    intent: "sign-in",
    step: "two-factor",
    result: submission.reply({ resetForm: true }),
    toasts: toToasts(securityNotice(notice)),
  };
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  cookies.append("Set-Cookie", pendingCookie);
  return data(answer, { headers: cookies });
}

/**
 * Runs one domain call; a DomainError comes back as the value `{ refused }` for
 * {@link refusal}, anything else propagates to the error boundary.
 */
export async function attempt<T>(
  call: () => Promise<T>,
): Promise<{ done: T; refused?: never } | { refused: DomainError; done?: never }> {
  try {
    return { done: await call() };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { refused: error };
  }
}

/** Where a refusal shows in the form: weak-password reasons and a wrong code at their field. */
function errorPlacement(
  intent: AuthIntent,
  message: string,
  details: AuthRefusal["details"],
): { fieldErrors: Record<string, string[]> } | { formErrors: string[] } {
  if (details.reasons) return { fieldErrors: { password: details.reasons } };
  if (intent === "sign-up" && details.field) return { fieldErrors: { [details.field]: [message] } };
  if (intent === "verify-totp" && !details.restart) return { fieldErrors: { code: [message] } };
  return { formErrors: [message] };
}

/**
 * A refused form as toasts (spec section 8): 'Access Denied' with the reason, or the form's
 * 'Error signing in' / 'Error creating account' with the message, after any 'Security Notice'.
 * The message also shows in the form (for a page without JavaScript yet): at the field it is
 * about, or above the button; a finished two-factor challenge goes back to the Sign In tab.
 */
export function refusal(submission: AnySubmission, error: DomainError) {
  const intent = intentOf(submission) ?? "sign-in";
  const details = error instanceof AuthRefusal ? error.details : {};
  const title = error.code === "access_denied" ? "Access Denied" : FAILURE_TITLES[intent];
  const restart = intent === "verify-totp" && details.restart;
  const answer: AuthActionData = {
    intent: restart ? "sign-in" : intent,
    step: intent === "verify-totp" && !restart ? "two-factor" : "credentials",
    result: submission.reply({
      hideFields: SECRET_FIELDS,
      ...errorPlacement(intent, error.message, details),
    }),
    toasts: toToasts([
      ...securityNotice(details.notice),
      { kind: "error", title, description: error.message },
    ]),
  };
  return data(answer, { status: error.status });
}

/** Who is signing in, for the domain calls: IP from the trusted proxy chain only. */
export function authDeps(request: Request, context: AppLoadContext): AuthDeps {
  return {
    auth: context.auth,
    limiter: authRateLimiter(context.env, context.log),
    headers: request.headers,
    ip: context.clientIp,
  };
}

/**
 * The email the password step was for, kept in a signed cookie for the ten minutes Better
 * Auth's two-factor challenge lasts, so the code step can be rate-limited and logged for it.
 */
export const pendingSignInCookie = (context: AppLoadContext) =>
  signedCookie(context, "packvault.pending_sign_in", 10 * 60);
