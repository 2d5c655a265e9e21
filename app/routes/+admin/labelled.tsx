import type { ReactNode } from "react";

/** A label above its control, with an optional hint under it. */
export function Labelled({
  label,
  hint,
  children,
  id,
  hintId,
  className,
}: {
  label: string;
  hint?: ReactNode;
  children: ReactNode;
  id: string;
  hintId?: string;
  className?: string;
}) {
  return (
    <div className={className ? `space-y-1.5 ${className}` : "space-y-1.5"}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
