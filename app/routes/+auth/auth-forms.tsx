import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { LogIn, UserPlus } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { z, ZodType } from "zod";
import { spreadable } from "../+content/forms";
import { Button } from "~/components/ui/button";
import { Field, type FieldState } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { FULL_NAME_MAX, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import { PASSWORD_LIMITS } from "~/lib/schemas/password";

/** Whether the form with this `intent` is being posted (each form gets its own working label). */
export function usePostingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

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
 * A password field whose errors are a list (weak-password reasons, docs/product/accounts-and-security.md),
 * with the same ids and ARIA wiring as {@link Field}.
 */
function PasswordField({
  field,
  label,
  labelAside,
  hint,
  children,
}: {
  field: FieldState;
  label: string;
  labelAside?: ReactNode;
  hint?: string;
  children: ReactNode;
}) {
  const errors = field.errors ?? [];
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={field.id} className="block text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
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
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

/** The Sign In tab: email (type email) and password, both required (docs/product/accounts-and-security.md). */
export function SignInForm({ lastResult, switchHref }: FormProps) {
  const [form, fields] = useAuthForm("sign-in", signInSchema, lastResult);
  const posting = usePostingIntent("sign-in");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sign-in" />
      <Field label="Email" field={fields.email}>
        <Input
          key={fields.email.key}
          {...spreadable(getInputProps(fields.email, { type: "email" }))}
          autoComplete="email"
        />
      </Field>
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
      >
        <Input
          key={fields.password.key}
          {...spreadable(getInputProps(fields.password, { type: "password" }))}
          autoComplete="current-password"
        />
      </PasswordField>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={posting} className="w-full">
        <LogIn className="size-4" aria-hidden="true" />
        {posting ? "Signing in..." : "Sign In"}
      </Button>
      <SwitchTab question="New to PackVault?" label="Create an account" href={switchHref} />
    </Form>
  );
}

/**
 * The Sign Up tab: full name, email and password, all required, password at least 6
 * characters (docs/product/accounts-and-security.md); the server adds the strength check and lists its reasons.
 */
export function SignUpForm({ lastResult, switchHref }: FormProps) {
  const [form, fields] = useAuthForm("sign-up", signUpSchema, lastResult);
  const posting = usePostingIntent("sign-up");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sign-up" />
      <Field label="Full Name" field={fields.fullName}>
        <Input
          key={fields.fullName.key}
          {...spreadable(getInputProps(fields.fullName, { type: "text" }))}
          autoComplete="name"
          maxLength={FULL_NAME_MAX}
        />
      </Field>
      <Field label="Email" field={fields.email}>
        <Input
          key={fields.email.key}
          {...spreadable(getInputProps(fields.email, { type: "email" }))}
          autoComplete="email"
        />
      </Field>
      <Field label="Date of birth" field={fields.dateOfBirth} description="You must be 18 or older">
        <Input
          key={fields.dateOfBirth.key}
          {...spreadable(
            getInputProps(fields.dateOfBirth, {
              type: "date",
              ariaDescribedBy: fields.dateOfBirth.descriptionId,
            }),
          )}
          autoComplete="bday"
        />
      </Field>
      <PasswordField
        label="Password"
        field={fields.password}
        hint={`At least ${PASSWORD_LIMITS.min} characters; a few uncommon words make a strong one.`}
      >
        <Input
          key={fields.password.key}
          {...spreadable(
            getInputProps(fields.password, {
              type: "password",
              ariaDescribedBy: fields.password.descriptionId,
            }),
          )}
          autoComplete="new-password"
          minLength={PASSWORD_LIMITS.min}
          maxLength={PASSWORD_LIMITS.max}
        />
      </PasswordField>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={posting} className="w-full">
        <UserPlus className="size-4" aria-hidden="true" />
        {posting ? "Creating account..." : "Create Account"}
      </Button>
      <SwitchTab question="Already have an account?" label="Sign in" href={switchHref} />
    </Form>
  );
}
