import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Conform's control props without `key` (React refuses a `key` inside a spread). */
export function withoutKey<T extends { key?: unknown }>({
  key: _key,
  ...props
}: T): Omit<T, "key"> {
  return props;
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
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="text-danger text-sm">
      {errors[0]}
    </p>
  );
}
