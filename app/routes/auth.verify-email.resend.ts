import { redirect } from "react-router";
import type { Route } from "./+types/auth.verify-email.resend";
import { MAIL_INTERVAL_SECONDS, resendVerificationEmail } from "~/.server/auth/email-flows";
import { z } from "zod";
import { intent, runAction } from "~/.server/http/run-intent";
import type { ToastInput } from "~/.server/toast";

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
 * POST /auth/verify-email/resend: mails the signed-in user a new verification link, at most
 * once a minute, and goes back to the form's `redirectTo` (a same-site path; /auth/verified
 * otherwise) with a toast saying what happened.
 */
export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    "resend-verification",
    intent({
      schema: z.object({}),
      run: (ctx, _input, { request, context, user }) =>
        resendVerificationEmail(ctx, context.auth, { user: user!, headers: request.headers }),
      done: (outcome, _input, { returnTo }) => ({ redirect: returnTo, toasts: [ANSWERS[outcome]] }),
    }),
    { home: "/auth/verified" },
  );

/** A GET (a typed URL, a crawler) changes nothing: the verification page explains. */
export function loader() {
  return redirect("/auth/verified");
}
