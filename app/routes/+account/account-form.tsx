import { getFormProps, type DefaultValue, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { usePostingIntent } from "~/components/account-ui/posting-intent";
import type { z } from "zod";
import type { AccountActionData } from "../account";
import { Section } from "./section";
import { useSchemaForm } from "~/components/account-ui/schema-form";
import { Button, type ButtonProps } from "~/components/ui/button";
import type { AccountIntent } from "~/lib/schemas/account";

/**
 * Conform for one /account form: validated on blur and on submit with its shared schema, given
 * the action's answer only when the answer is this form's (same `intent`).
 */
export function useAccountForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(
  intent: AccountIntent,
  schema: Schema,
  actionData: AccountActionData | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  return useSchemaForm(schema, {
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue,
  });
}

/**
 * A POST form of the /account action carrying its `intent` (works before JavaScript loads),
 * with the form-level error (a refusal not tied to one field) under its fields.
 */
export function AccountForm<Fields extends Record<string, unknown>>({
  intent,
  form,
  className,
  children,
}: {
  intent: AccountIntent;
  form: FormMetadata<Fields, string[]>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      {form.errors ? (
        <p id={form.errorId} role="alert" className="text-danger text-sm">
          {form.errors[0]}
        </p>
      ) : null}
    </Form>
  );
}

/**
 * A form's submit button: shows `working` and is disabled while its intent is submitting,
 * so it cannot be pressed twice.
 */
export function SubmitButton({
  intent,
  working,
  children,
  ...props
}: ButtonProps & { intent: AccountIntent; working: string }) {
  const submitting = usePostingIntent(intent);
  return (
    <Button type="submit" disabled={submitting} {...props}>
      {submitting ? working : children}
    </Button>
  );
}

/**
 * An {@link AccountForm} of its fields followed by its {@link SubmitButton} (`label`, or
 * `working` while it is sent); `variant` styles the button.
 */
export function AccountSubmitForm<Fields extends Record<string, unknown>>({
  intent,
  form,
  label,
  working = "Saving...",
  variant,
  className = "space-y-4",
  children,
}: {
  intent: AccountIntent;
  form: FormMetadata<Fields, string[]>;
  label: ReactNode;
  working?: string;
  variant?: ButtonProps["variant"];
  className?: string;
  children: ReactNode;
}) {
  return (
    <AccountForm intent={intent} form={form} className={className}>
      {children}
      <SubmitButton intent={intent} working={working} variant={variant}>
        {label}
      </SubmitButton>
    </AccountForm>
  );
}

/**
 * A settings card of the /account page holding one form: a {@link Section} (`id`, `title`,
 * `description`) around an {@link AccountSubmitForm}.
 */
export function AccountFormSection<Fields extends Record<string, unknown>>({
  id,
  title,
  description,
  ...formProps
}: {
  id: string;
  title: string;
  description?: ReactNode;
} & Parameters<typeof AccountSubmitForm<Fields>>[0]) {
  return (
    <Section id={id} title={title} description={description}>
      <AccountSubmitForm {...formProps} />
    </Section>
  );
}
