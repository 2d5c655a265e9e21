import { KeyRound, LinkIcon } from "lucide-react";
import type { Route } from "./+types/auth.reset-password";
import { useSubmittingHere } from "./+content/forms";
import { MailFlowCard, MailFlowForm, MailFlowLink } from "./+auth-mail/mail-flow-card";
import { findResetTokenOwner, resetPasswordWithToken } from "~/.server/auth/email-flows";
import { DomainError } from "~/.server/errors";
import { intent, runAction } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { useSchemaForm } from "~/components/account-ui/schema-form";
import { TextField } from "~/components/ui/form-controls";
import { pageMeta } from "~/lib/meta";
import { PASSWORD_LIMITS, resetPasswordSchema } from "~/lib/schemas/password";

export const meta: Route.MetaFunction = () =>
  pageMeta("Choose a new password", "Set a new password for your PackVault account.");

/** The page carries a secret token in its URL: never keep it in a cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/**
 * Where a reset link lands: Better Auth adds `?token=...`, or `?error=INVALID_TOKEN` when the
 * token is unknown or expired. The token is checked again here (it may have been used or have
 * expired since), so a dead link shows the way to a new one before anything is typed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const usable = token !== null && (await findResetTokenOwner(requestCtx(context), token)) !== null;
  return { token: usable ? token : null };
}

/**
 * Sets the new password. Better Auth revokes every session of the account; the user then
 * signs in again on /auth. A weak password is refused with the reasons next to the field; an
 * invalid or used token shows the way to a new link.
 */
export const action = (args: Route.ActionArgs) =>
  runAction<{ tokenInvalid: boolean }>(
    args,
    "reset-password",
    intent({
      schema: resetPasswordSchema,
      auth: "visitor",
      run: async (ctx, { token, password }, { context }) => {
        const outcome = await resetPasswordWithToken(ctx, context.auth, { token, password });
        if (outcome.status === "weak-password") {
          throw new DomainError("weak_password", outcome.reasons.join(" "), 400);
        }
        if (outcome.status === "invalid-token") {
          throw new DomainError("invalid_token", "This link is invalid or has expired", 400);
        }
        context.log.info("password reset; all sessions revoked");
      },
      done: () => ({
        redirect: "/auth",
        toasts: [
          {
            kind: "success",
            title: "Password changed",
            description: "Sign in with your new password.",
          },
        ],
      }),
      refused: (error) =>
        error.code === "invalid_token"
          ? { toast: null, reply: { tokenInvalid: true } }
          : { toast: null, field: "password" },
      hideFields: ["password", "confirmPassword"],
    }),
    { home: "/auth/reset-password" },
  );

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(resetPasswordSchema, { lastResult: actionData?.result });
  const saving = useSubmittingHere();

  if (!loaderData.token || actionData?.tokenInvalid) {
    return (
      <MailFlowCard
        icon={LinkIcon}
        title="This reset link is invalid or has expired"
        lead="Reset links work once, for one hour. Ask for a new one and use the newest email."
      >
        <MailFlowLink to="/auth/forgot-password">Send me a new link</MailFlowLink>
      </MailFlowCard>
    );
  }
  return (
    <MailFlowCard
      icon={KeyRound}
      title="Choose a new password"
      lead="After the change, every device signed in to your account is signed out."
    >
      <MailFlowForm form={form} busy={saving} working="Saving..." label="Reset password">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          label="New password"
          field={fields.password}
          description={`At least ${PASSWORD_LIMITS.min} characters; avoid common words and personal details.`}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          label="Confirm new password"
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
      </MailFlowForm>
    </MailFlowCard>
  );
}
