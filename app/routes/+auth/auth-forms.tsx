import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { LogIn, UserPlus } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Form, Link } from "react-router";
import { usePostingIntent } from "~/components/account-ui/posting-intent";
import type { ZodType } from "zod";
import { useSchemaForm } from "~/components/account-ui/schema-form";
import { Button } from "~/components/ui/button";
import { TextField, textControlProps } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { FULL_NAME_MAX, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import { PASSWORD_LIMITS } from "~/lib/schemas/password";

/** The form-level error (a refusal such as 'Invalid email or password'), announced when shown. */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} role="alert" className="empty:hidden">
      {errors?.[0] ? (
        <p className="border-danger/40 bg-danger/10 text-danger rounded-md border px-3 py-2 text-sm">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A password input whose errors are a list (weak-password reasons, docs/product/accounts-and-security.md),
 * with the same ids and ARIA wiring as the design system's Field; a `hint` is linked to the input
 * (`aria-describedby`). Other props go to the input.
 */
function PasswordField({
  field,
  label,
  labelAside,
  hint,
  ...props
}: {
  field: FieldMetadata<string>;
  label: string;
  labelAside?: ReactNode;
  hint?: string;
} & Omit<ComponentProps<"input">, "key">) {
  const errors = field.errors ?? [];
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={field.id} className="block text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      <Input
        key={field.key}
        {...textControlProps(field, { described: Boolean(hint) })}
        type="password"
        {...props}
      />
      {hint ? (
        <p id={field.descriptionId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {errors.length === 1 ? (
        <p id={field.errorId} className="text-danger text-sm">
          {errors[0]}
        </p>
      ) : errors.length > 1 ? (
        <ul id={field.errorId} className="text-danger list-disc space-y-0.5 pl-5 text-sm">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The 'Email' field of the sign-in, sign-up and forgot-password forms (type email). */
export function EmailField({ field }: { field: FieldMetadata<string> }) {
  return <TextField label="Email" field={field} type="email" autoComplete="email" />;
}

type FormProps = { lastResult?: SubmissionResult<string[]>; switchHref: string };

/** A line under a form linking to the other tab (also before JavaScript loads). */
function SwitchTab({ question, label, href }: { question: string; label: string; href: string }) {
  return (
    <p className="text-muted-foreground text-center text-sm">
      {question}{" "}
      <Link to={href} replace className="text-accent font-medium underline underline-offset-2">
        {label}
      </Link>
    </p>
  );
}

/**
 * Conform for one /auth form, validated with its shared schema on submit (not on blur: a
 * blur error shifted the layout under the pointer and swallowed the click), then on input.
 */
export function useAuthForm<
  Schema extends ZodType<Record<string, unknown>, Record<string, unknown>>,
>(id: string, schema: Schema, lastResult: SubmissionResult<string[]> | null | undefined) {
  return useSchemaForm(schema, { id, lastResult, validate: "onSubmit" });
}

/** The submit button of each /auth form, and the line linking to the other tab under the two tabs. */
const AUTH_FORMS = {
  "sign-in": {
    icon: LogIn,
    label: "Sign In",
    working: "Signing in...",
    other: { question: "New to PackVault?", label: "Create an account" },
  },
  "sign-up": {
    icon: UserPlus,
    label: "Create Account",
    working: "Creating account...",
    other: { question: "Already have an account?", label: "Sign in" },
  },
  "verify-totp": { icon: null, label: "Verify", working: "Verifying...", other: null },
} as const;

/**
 * A POST form of the /auth action carrying its `intent` (works before JavaScript loads): its
 * fields, the form-level error, a full-width submit button (its working label, disabled, while
 * this intent posts), then for a tab the link to the other one (`switchHref`).
 */
export function AuthForm<Fields extends Record<string, unknown>>({
  intent,
  form,
  switchHref,
  children,
}: {
  intent: keyof typeof AUTH_FORMS;
  form: FormMetadata<Fields, string[]>;
  switchHref?: string;
  children: ReactNode;
}) {
  const posting = usePostingIntent(intent);
  const { icon: Icon, label, working, other } = AUTH_FORMS[intent];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={posting} className="w-full">
        {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
        {posting ? working : label}
      </Button>
      {other && switchHref ? <SwitchTab {...other} href={switchHref} /> : null}
    </Form>
  );
}

/** The Sign In tab: email (type email) and password, both required (docs/product/accounts-and-security.md). */
export function SignInForm({ lastResult, switchHref }: FormProps) {
  const [form, fields] = useAuthForm("sign-in", signInSchema, lastResult);
  return (
    <AuthForm intent="sign-in" form={form} switchHref={switchHref}>
      <EmailField field={fields.email} />
      <PasswordField
        label="Password"
        field={fields.password}
        labelAside={
          <Link
            to="/auth/forgot-password"
            className="text-accent text-sm font-medium underline-offset-2 hover:underline"
          >
            Forgot password?
          </Link>
        }
        autoComplete="current-password"
      />
    </AuthForm>
  );
}

/**
 * The Sign Up tab: full name, email and password, all required, password at least 6
 * characters (docs/product/accounts-and-security.md); the server adds the strength check and lists its reasons.
 */
export function SignUpForm({ lastResult, switchHref }: FormProps) {
  const [form, fields] = useAuthForm("sign-up", signUpSchema, lastResult);
  return (
    <AuthForm intent="sign-up" form={form} switchHref={switchHref}>
      <TextField
        label="Full Name"
        field={fields.fullName}
        autoComplete="name"
        maxLength={FULL_NAME_MAX}
      />
      <EmailField field={fields.email} />
      <TextField
        label="Date of birth"
        field={fields.dateOfBirth}
        description="You must be 18 or older"
        type="date"
        autoComplete="bday"
      />
      <PasswordField
        label="Password"
        field={fields.password}
        hint={`At least ${PASSWORD_LIMITS.min} characters; a few uncommon words make a strong one.`}
        autoComplete="new-password"
        minLength={PASSWORD_LIMITS.min}
        maxLength={PASSWORD_LIMITS.max}
      />
    </AuthForm>
  );
}
