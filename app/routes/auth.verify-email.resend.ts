import { redirect } from "react-router";
import type { Route } from "./+types/auth.verify-email.resend";
import { MAIL_INTERVAL_SECONDS, resendVerificationEmail } from "~/.server/auth/email-flows";
import { requireUser } from "~/.server/auth/guards";
import { requestCtx } from "~/.server/request-context";
import { redirectWithToasts, type ToastInput } from "~/.server/toast";
import { safeRedirect } from "~/lib/safe-redirect";

const ANSWERS = {
  sent: {
    kind: "success",
    title: "Verification email sent",
    description: "Check your inbox and follow the newest link.",
  },
  "already-verified": { kind: "success", title: "Your email is already verified" },
  "too-soon": {
    kind: "error",
    title: "Please wait a minute",
    description: `We sent a link less than ${MAIL_INTERVAL_SECONDS} seconds ago; check your inbox first.`,
  },
} satisfies Record<string, ToastInput>;

/**
 * POST /auth/verify-email/resend (issue 3 section 1): mails the signed-in user a new
 * verification link, at most once a minute, and goes back to the form's `redirectTo` (a
 * same-site path; /auth/verified otherwise) with a toast saying what happened.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  const outcome = await resendVerificationEmail(requestCtx(context), context.auth, {
    user,
    headers: request.headers,
  });
  const to = safeRedirect(form.get("redirectTo"), "/auth/verified");
  return redirectWithToasts(context, to, [ANSWERS[outcome]]);
}

/** A GET (a typed URL, a crawler) changes nothing: the verification page explains. */
export function loader() {
  return redirect("/auth/verified");
}
