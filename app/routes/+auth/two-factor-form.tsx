import type { SubmissionResult } from "@conform-to/react";
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { AuthForm, useAuthForm } from "./auth-forms";
import { TextField } from "~/components/ui/form-controls";
import { signInCodeSchema } from "~/lib/schemas/auth";

/**
 * The second step of a sign-in with two-factor authentication (docs/product/accounts-and-security.md): the 6-digit
 * code from the authenticator app, or a backup code. The field takes focus when the step opens.
 */
export function TwoFactorForm({
  lastResult,
  restartHref,
}: {
  lastResult?: SubmissionResult<string[]>;
  /** Back to the Sign In tab, for another account. */
  restartHref: string;
}) {
  const [form, fields] = useAuthForm("verify-totp", signInCodeSchema, lastResult);
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => codeInput.current?.focus(), []);

  return (
    <section aria-labelledby="two-factor-title" className="space-y-5">
      <header className="space-y-2 text-center">
        <div className="bg-surface-2 text-accent mx-auto flex size-12 items-center justify-center rounded-full">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </div>
        <h2 id="two-factor-title" className="text-xl font-semibold">
          Two-factor authentication
        </h2>
        <p className="text-muted-foreground text-sm">
          Enter the 6-digit code from your authenticator app, or one of your backup codes.
        </p>
      </header>
      <AuthForm intent="verify-totp" form={form}>
        <TextField
          label="Authentication code"
          field={fields.code}
          ref={codeInput}
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={16}
          className="text-center font-mono text-lg tracking-widest"
        />
      </AuthForm>
      <p className="text-muted-foreground text-center text-sm">
        <Link to={restartHref} className="text-accent font-medium underline underline-offset-2">
          Sign in with a different account
        </Link>
      </p>
    </section>
  );
}
