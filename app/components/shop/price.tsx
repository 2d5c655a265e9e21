import { cn } from "~/lib/cn";
import { formatCents, type Cents } from "~/lib/money";

/**
 * A price in dollars from cents; with `compareAtCents` it is a sale price followed by the
 * struck-through former price (both named for screen readers).
 */
export function Price({
  priceCents,
  compareAtCents,
  className,
}: {
  priceCents: Cents;
  compareAtCents?: Cents | null;
  className?: string;
}) {
  if (!compareAtCents) {
    return (
      <span className={cn("font-bold tabular-nums", className)}>{formatCents(priceCents)}</span>
    );
  }
  return (
    <span className={cn("inline-flex flex-wrap items-baseline gap-x-2", className)}>
      <span className="font-bold tabular-nums">
        <span className="sr-only">Sale price </span>
        {formatCents(priceCents)}
      </span>
      <s className="text-muted-foreground text-[0.85em] tabular-nums">
        <span className="sr-only">Was </span>
        {formatCents(compareAtCents)}
      </s>
    </span>
  );
}
