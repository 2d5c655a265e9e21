import { KeyRound, MailCheck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/auth.forgot-password";
import { useSubmittingHere } from "./+content/forms";
import { MailFlowCard, MailFlowForm, MailFlowLink } from "./+auth-mail/mail-flow-card";
import { EmailField, FormError } from "./+auth/auth-forms";
import { authRateLimiter } from "~/.server/security/rate-limit";
import { requestPasswordResetLink } from "~/.server/auth/email-flows";
import { intent, runAction } from "~/.server/http/run-intent";
import { useSchemaForm } from "~/components/account-ui/schema-form";
import { pageMeta } from "~/lib/meta";
import { forgotPasswordSchema } from "~/lib/schemas/password";

export const meta: Route.MetaFunction = () =>
  pageMeta("Forgot your password?", "Get a link to choose a new PackVault password.");

/**
 * Asks for a reset link. The answer is the same whether or not an account has the address,
 * and repeated requests for one address within a minute send nothing more; too many requests
 * from one address are refused (rate limit) with the message above the button.
 */
export const action = (args: Route.ActionArgs) =>
  runAction<{ sent: boolean }>(
    args,
    "forgot-password",
    intent({
      schema: forgotPasswordSchema,
      auth: "visitor",
      run: async (ctx, { email }, { context }) => {
        await authRateLimiter(context.env, context.log).consume("password-reset", {
          ip: context.clientIp,
        });
        await requestPasswordResetLink(ctx, context.auth, email);
      },
      done: () => ({ reply: { sent: true }, resetForm: true }),
      refused: () => ({ toast: null }),
    }),
    { home: "/auth/forgot-password" },
  );

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { lastResult: actionData?.result });
  const sending = useSubmittingHere();

  if (actionData?.sent) {
    return (
      <MailFlowCard
        icon={MailCheck}
        title="Check your email"
        lead={
          <p role="status">
            If an account exists for that email, we sent a link. It works for one hour.
          </p>
        }
      >
        <MailFlowLink to="/auth" variant="outline">
          Back to sign in
        </MailFlowLink>
      </MailFlowCard>
    );
  }
  return (
    <MailFlowCard
      icon={KeyRound}
      title="Forgot your password?"
      lead="Enter the email of your account and we will send you a link to choose a new password."
    >
      <MailFlowForm form={form} busy={sending} working="Sending..." label="Send reset link">
        <EmailField field={fields.email} />
        <FormError id={form.errorId} errors={form.errors} />
      </MailFlowForm>
      <p className="text-muted-foreground text-center text-sm">
        Remembered it?{" "}
        <Link to="/auth" className="text-accent font-medium underline underline-offset-2">
          Sign in
        </Link>
      </p>
    </MailFlowCard>
  );
}
