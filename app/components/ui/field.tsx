import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The ids and errors of one form field (Conform's field metadata has this shape). */
export type FieldState = {
  id: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
};

/**
 * A label, its control, an optional hint and the field's first error. The control is the
 * child; give it `id={field.id}` and `aria-describedby` naming `field.errorId` when invalid
 * (Conform's getInputProps does both).
 */
export function Field({
  label,
  field,
  description,
  className,
  children,
}: {
  label: string;
  field: FieldState;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const error = field.errors?.[0];
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {description ? (
        <p id={field.descriptionId} className="text-muted-foreground text-xs">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={field.errorId} className="text-danger text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
