import type { FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { textControlProps } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";

/**
 * A one-field form's labelled input with its submit button beside it (under it on phones):
 * the button reads `working` and is disabled while `busy`. `rowClassName` adds breakpoints to
 * the row; other props go to the input (its `type` too; text by default).
 */
export function InputWithSubmit({
  label,
  field,
  description,
  busy,
  working,
  submit,
  rowClassName,
  ...props
}: {
  label: string;
  field: FieldMetadata<string>;
  description?: ReactNode;
  busy: boolean;
  working: string;
  submit: string;
  rowClassName?: string;
} & Omit<ComponentProps<"input">, "key">) {
  return (
    <Field label={label} field={field} description={description}>
      <div className={cn("flex flex-col gap-2 sm:flex-row", rowClassName)}>
        <Input key={field.key} {...textControlProps(field)} {...props} />
        <Button type="submit" disabled={busy} className="shrink-0">
          {busy ? working : submit}
        </Button>
      </div>
    </Field>
  );
}
