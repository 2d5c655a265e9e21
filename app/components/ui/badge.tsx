import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A small label; pass colour classes (see rarity-badge) or use the neutral default. */
export function Badge({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold",
        className ?? "border-border bg-surface-2 text-foreground",
      )}
      {...props}
    />
  );
}
