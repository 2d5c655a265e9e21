import { getFormProps, useForm, type DefaultValue, type FormMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import type { AccountActionData } from "../account";
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
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    constraint: getZodConstraint(schema),
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/** Whether a form with this `intent` is being submitted (to show its working label). */
export function useSubmitting(intent: AccountIntent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
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
  const submitting = useSubmitting(intent);
  return (
    <Button type="submit" disabled={submitting} {...props}>
      {submitting ? working : children}
    </Button>
  );
}
