import { FormProvider, getFormProps, useField, useForm, useFormMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, useContext, useId, type ReactNode } from "react";
import type { z } from "zod";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-controls";
import { Slot } from "~/components/ui/slot";
import { ValueOptions } from "~/components/ui/value-options";
import { resultFor } from "~/lib/intent-reply";
import { useFormFetcher } from "~/lib/use-form-fetcher";

const BusyContext = createContext(false);

/**
 * A form of an /admin tab on Conform (docs/decisions/024-admin-forms-on-conform.md): posts
 * `intent` and the hidden `fields` (ids) with the visible controls in `children` to the page's
 * action, without leaving the page. Given the intent's shared `schema` (only where it is
 * client-safe), it is checked in the browser on blur and on submit with the same rules the seam
 * applies; without it, only the seam checks it, when it is sent. The seam's answer puts each broken rule beside its field ({@link AdminField}) and a
 * domain refusal in {@link AdminFormError}; with `inlineErrors` (the default) the toast keeps only
 * the spec's title ('Error saving pack'), without it (a confirmation with nowhere to show a
 * message) the toast carries both. It cannot be sent twice while on its way ({@link AdminSubmit}
 * shows its working label). A success (a redirect with a flash toast) calls `onSuccess` (close
 * the dialog). Works before JavaScript loads as a plain POST.
 */
export function AdminForm({
  intent,
  fields = {},
  schema,
  inlineErrors = true,
  onSuccess,
  className,
  withFiles = false,
  children,
  "aria-label": ariaLabel,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  schema?: z.ZodType;
  inlineErrors?: boolean;
  onSuccess?: () => void;
  className?: string;
  /** The form carries files: it is sent as multipart/form-data. */
  withFiles?: boolean;
  children: ReactNode;
  "aria-label"?: string;
}) {
  const { fetcher, busy } = useFormFetcher(onSuccess, { inlineRefusal: inlineErrors });
  const [form] = useForm({
    id: useId(),
    lastResult: resultFor(fetcher.data, intent),
    onValidate: schema ? ({ formData }) => parseWithZod(formData, { schema }) : undefined,
    // Without a schema here, Conform would check a field on blur by posting the form: that post
    // would run the intent. Such a form is checked by the seam only, when it is sent.
    shouldValidate: schema ? "onBlur" : "onSubmit",
    shouldRevalidate: schema ? "onInput" : "onSubmit",
  });
  const formProps = getFormProps(form);

  return (
    <FormProvider context={form.context}>
      <fetcher.Form
        method="post"
        encType={withFiles ? "multipart/form-data" : undefined}
        {...formProps}
        className={className}
        aria-label={ariaLabel}
        aria-busy={busy || undefined}
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <BusyContext value={busy}>{children}</BusyContext>
      </fetcher.Form>
    </FormProvider>
  );
}

/**
 * A labelled control of an {@link AdminForm}, bound to the form's field `name`: the control (the
 * only child, which sets neither `id`, `name` nor `aria-describedby`) gets the field's id and
 * name, `aria-invalid` while the field has an error, and `aria-describedby` naming the `hint`,
 * the ids in `describedBy` (a live total) and the error shown under it.
 */
export function AdminField({
  name,
  label,
  hint,
  describedBy,
  className,
  children,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const [field] = useField<string>(name);
  const invalid = Boolean(field.errors?.length);
  const description = [
    hint ? field.descriptionId : null,
    describedBy,
    invalid ? field.errorId : null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <Field label={label} field={field} description={hint} className={className}>
      <Slot
        id={field.id}
        name={field.name}
        aria-invalid={invalid || undefined}
        aria-describedby={description || undefined}
      >
        {children}
      </Slot>
    </Field>
  );
}

/** The error of the enclosing {@link AdminForm} that belongs to no field (a domain refusal). */
export function AdminFormError({ className }: { className?: string }) {
  const form = useFormMetadata();
  return <FormError id={form.errorId} errors={form.errors} className={className} />;
}

/** Whether the enclosing {@link AdminForm} is on its way (to disable its controls). */
export function useAdminFormBusy(): boolean {
  return useContext(BusyContext);
}

/**
 * The submit button of an {@link AdminForm}: disabled and showing `pendingLabel`
 * ('Saving...', 'Deleting...') while the form is on its way.
 */
export function AdminSubmit({
  children,
  pendingLabel = "Processing...",
  disabled,
  ...props
}: ButtonProps & { pendingLabel?: string }) {
  const busy = useAdminFormBusy();
  return (
    <Button type="submit" disabled={busy || disabled} aria-disabled={busy || disabled} {...props}>
      {busy ? pendingLabel : children}
    </Button>
  );
}

/** The options of a select in an /admin form: see {@link ValueOptions}. */
export const AdminOptions = ValueOptions;
