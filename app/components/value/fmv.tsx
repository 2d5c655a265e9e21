import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";
import { NO_ESTIMATE } from "~/lib/value/comps";
import { confidenceLabel } from "~/lib/value/card-value";

const confidenceWords = (confidence: number) => confidenceLabel(confidence).toLowerCase();

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
  if (!value && appraisalCents === undefined) {
    return (
      <Link
        to="/value"
        className={cn("text-muted-foreground underline-offset-2 hover:underline", className)}
      >
        {NO_ESTIMATE}
      </Link>
    );
  }
  // A component class (app.css, `.fmv`): a card's page shows three of these, the vault one a slab.
  return (
    <span className={cn("fmv", className)}>
      <b>{formatCents(value ? value.fmvCents : (appraisalCents ?? 0))}</b>
      {value ? (
        <Link to="/value" title="How we estimate a card's value">
          <span className="sr-only">FMV </span>
          {`confidence ${value.confidence}`}
          <span className="sr-only">{` out of 100, ${confidenceWords(value.confidence)}`}</span>
        </Link>
      ) : (
        <Link to="/value">
          {NO_ESTIMATE}
          <span className="sr-only">: the value at intake</span>
        </Link>
      )}
    </span>
  );
}
