import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A small label; pass colour classes (see rarity-badge) or use the neutral default. */
export function Badge({ className, ...props }: ComponentProps<"span">) {
  return <span className={cn("badge", className ?? "badge-neutral")} {...props} />;
}
