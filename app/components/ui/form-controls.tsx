import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Field } from "./field";
import { Input } from "./input";
import { cn } from "~/lib/cn";

/** Conform's control props without `key` (React refuses a `key` inside a spread). */
export function withoutKey<T extends { key?: unknown }>({
  key: _key,
  ...props
}: T): Omit<T, "key"> {
  return props;
}

/**
 * Conform's props for a text input bound to `field`, without `key`; `described` links the
 * field's description (`aria-describedby`).
 */
export function textControlProps(field: FieldMetadata<string>, { described = false } = {}) {
  return withoutKey(
    getInputProps(field, {
      type: "text",
      ariaDescribedBy: described ? field.descriptionId : undefined,
    }),
  );
}

/**
 * A text input for an amount typed in dollars, with a "$" before it (the value is read to cents
 * by the form's schema, app/lib/schemas/dollars.ts). Decimal keypad on phones.
 */
export function DollarInput({ className, ...props }: ComponentProps<"input">) {
  return (
    <div className="relative">
      <span
        className="text-muted-foreground pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm"
        aria-hidden="true"
      >
        $
      </span>
      <Input inputMode="decimal" autoComplete="off" className={cn("pl-7", className)} {...props} />
    </div>
  );
}

/**
 * A labelled one-line text field bound to Conform's `field`: {@link Field} around an
 * {@link Input} (or a {@link DollarInput} with `dollars`); other props go to the input.
 */
export function TextField({
  label,
  field,
  description,
  dollars = false,
  ...props
}: {
  label: string;
  field: FieldMetadata<string>;
  description?: string;
  dollars?: boolean;
} & Omit<ComponentProps<"input">, "key">) {
  const Control = dollars ? DollarInput : Input;
  return (
    <Field label={label} field={field} description={description}>
      <Control
        key={field.key}
        {...textControlProps(field, { described: Boolean(description) })}
        {...props}
      />
    </Field>
  );
}

/** A native select styled like the design system's Input. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "bg-background text-foreground focus-visible:border-accent aria-invalid:border-danger h-10 w-full rounded-md border px-3 text-sm transition-colors disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

/** A form-level error (one not tied to a field), announced when it appears. */
export function FormError({
  id,
  errors,
  className,
}: {
  id: string;
  errors?: string[];
  className?: string;
}) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className={cn("text-danger text-sm", className)}>
      {errors[0]}
    </p>
  );
}
