import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const control =
  "bg-background text-foreground placeholder:text-muted-foreground w-full rounded-md border px-3 text-sm transition-colors focus-visible:border-accent disabled:opacity-50 aria-invalid:border-danger";

/** A one-line text control (text, email, search, ...). */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(control, "h-10", className)} {...props} />;
}

/** A multi-line text control. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(control, "min-h-32 py-2", className)} {...props} />;
}
