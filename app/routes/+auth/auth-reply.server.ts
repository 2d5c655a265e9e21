import type { AppLoadContext } from "react-router";
import type { AuthDeps } from "~/.server/auth/sign-in";
import { AuthRefusal } from "~/.server/auth/sign-in";
import type { DomainError } from "~/.server/errors";
import type { Refusal } from "~/.server/http/run-intent";
import { authRateLimiter } from "~/.server/security/rate-limit";
import { signedCookie, type ToastInput } from "~/.server/toast";
import type { AuthFormInput } from "~/lib/schemas/auth";

type AuthIntent = AuthFormInput["intent"];

/** Which part of /auth to show: the Sign In / Sign Up tabs, or the two-factor code. */
export type AuthStep = "credentials" | "two-factor";

/** What the /auth replies carry besides the form's result and toasts. */
export type AuthReply = { step: AuthStep; intent: string };

/** Typed secrets never travel back into the page. */
export const SECRET_FIELDS = ["password", "code"];

/** The failure toast's title per form. */
const FAILURE_TITLES: Record<AuthIntent, string> = {
  "sign-in": "Error signing in",
  "verify-totp": "Error signing in",
  "sign-up": "Error creating account",
};

/** The success toast after a sign-in. */
export const SIGNED_IN: ToastInput = {
  kind: "success",
  title: "Welcome back! You've successfully signed in.",
};
/**
 * The success toast after a first sign-in (the spec's 'Welcome back!' would greet someone who
 * has never been here).
 */
export const SIGNED_IN_FIRST: ToastInput = {
  kind: "success",
  title: "Welcome to PackVault! You've successfully signed in.",
};
/** The success toast after a sign-up. */
export const SIGNED_UP: ToastInput = {
  kind: "success",
  title: "Account created! Please check your email to verify your account.",
};

/** A fraud-check warning as the 'Security Notice' toast. */
export const securityNotice = (warning: string | undefined): ToastInput[] =>
  warning ? [{ kind: "warning", title: "Security Notice", description: warning }] : [];

/**
 * What every /auth intent spreads into its seam entry: for visitors only, typed secrets never
 * sent back, `step` (the part of /auth its form is on) in the reply, and {@link authRefusal}
 * for its form when refused.
 */
export function authIntentBase(name: AuthIntent, step: AuthStep) {
  return {
    auth: "visitor" as const,
    hideFields: SECRET_FIELDS,
    reply: { step },
    refused: (error: DomainError) => authRefusal(name, error),
  };
}

/**
 * A refused /auth form (for the seam's `refused`): 'Access Denied' with the reason, or the
 * form's 'Error signing in' / 'Error creating account' with the message, after any 'Security
 * Notice'. The message also shows in the form: weak-password reasons and a wrong code at their
 * field, anything else above the button; a finished two-factor challenge goes back to the Sign
 * In tab.
 */
export function authRefusal(intent: AuthIntent, error: DomainError): Refusal<AuthReply> {
  const details = error instanceof AuthRefusal ? error.details : {};
  const title = error.code === "access_denied" ? "Access Denied" : FAILURE_TITLES[intent];
  const restart = intent === "verify-totp" && details.restart;
  return {
    toast: { kind: "error", title, description: error.message },
    notices: securityNotice(details.notice),
    messages: details.reasons,
    field: fieldOf(intent, details, restart),
    reply: restart ? { intent: "sign-in", step: "credentials" } : undefined,
  };
}

/** The field a refusal's message shows at, or undefined (above the button). */
function fieldOf(intent: AuthIntent, details: AuthRefusal["details"], restart?: boolean) {
  if (details.reasons) return "password";
  if (intent === "sign-up" && details.field) return details.field;
  if (intent === "verify-totp" && !restart) return "code";
  return undefined;
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
