import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import { NO_ESTIMATE } from "~/lib/value/comps";
import { confidenceLabel } from "~/lib/value/card-value";

/**
 * A fair market value as every page shows it (docs/product/value.md): the amount and its
 * confidence 0-100 (in words too), linked to /value, which explains the method; "No estimate
 * yet" (never $0) when there is none, after `appraisalCents` (a slab's value at intake) when
 * the caller has one.
 */
export function Fmv({
  value,
  appraisalCents,
  className,
}: {
  value: { fmvCents: number; confidence: number } | null;
  appraisalCents?: number;
  className?: string;
}) {
  if (!value && appraisalCents !== undefined) {
    return (
      <span className={cn("inline-flex flex-wrap items-baseline gap-x-2", className)}>
        <span className="font-semibold tabular-nums">{formatCents(appraisalCents)}</span>
        <Link
          to="/value"
          className="text-muted-foreground text-xs underline-offset-2 hover:underline"
        >
          {NO_ESTIMATE}
          <span className="sr-only">: the value at intake</span>
        </Link>
      </span>
    );
  }
  if (!value) {
    return (
      <Link
        to="/value"
        className={cn("text-muted-foreground underline-offset-2 hover:underline", className)}
      >
        {NO_ESTIMATE}
      </Link>
    );
  }
  const label = confidenceLabel(value.confidence);
  return (
    <span className={cn("inline-flex flex-wrap items-baseline gap-x-2", className)}>
      <span className="font-semibold tabular-nums">{formatCents(value.fmvCents)}</span>
      <Link
        to="/value"
        className="text-muted-foreground text-xs underline-offset-2 hover:underline"
        title="How we estimate a card's value"
      >
        <span className="sr-only">FMV </span>
        {`confidence ${value.confidence}`}
        <span className="sr-only">{` out of 100, ${label.toLowerCase()}`}</span>
      </Link>
    </span>
  );
}
