import { useId, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { Time } from "~/components/ui/time";
import { formatCents } from "~/lib/money";
import { useFormFetcher } from "~/lib/use-form-fetcher";
import { gradeKey, type CompPoint } from "~/lib/value/card-value";

/** How many of the newest sales the table shows. */
const SHOWN = 25;

/**
 * Staff's exclusion of one sale: a reason, then "Exclude", which asks first (an exclusion cannot
 * be undone: docs/decisions/044-confirm-before-money-moves.md) and posts to the card's page
 * (`intent=exclude-comp`); the schema's message shows under the field.
 */
function ExcludeForm({ comp, onCancel }: { comp: CompPoint; onCancel: () => void }) {
  const [asking, setAsking] = useState<FormData | null>(null);
  const { fetcher, busy } = useFormFetcher(onCancel, { onRefused: () => setAsking(null) });
  const id = useId();
  const error =
    fetcher.data?.intent === "exclude-comp" ? fetcher.data.fieldErrors.reason?.[0] : undefined;
  const sale = `${gradeKey(comp.grader, comp.grade)} sale for ${formatCents(comp.priceCents)} (${comp.source})`;
  return (
    <fetcher.Form
      method="post"
      className="mt-2 flex flex-wrap items-start gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(new FormData(event.currentTarget));
      }}
    >
      <input type="hidden" name="intent" value="exclude-comp" />
      <input type="hidden" name="compId" value={comp.id} />
      <div className="min-w-48 flex-1">
        <label htmlFor={`${id}-reason`} className="sr-only">
          Why this sale should not count
        </label>
        <Input
          id={`${id}-reason`}
          name="reason"
          placeholder="Why it should not count (outlier, shill sale...)"
          required
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="text-danger mt-1 text-xs">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="sm" variant="primary" disabled={busy}>
        Exclude
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title="Exclude this sale?"
        description={`The ${sale} stops counting in this card's values, which are recomputed without it. It stays listed here, marked excluded with your reason. This cannot be undone.`}
        body={<p className="text-sm">Reason: {String(asking?.get("reason") ?? "")}</p>}
        confirmLabel="Exclude sale"
        busy={busy}
        busyLabel="Excluding..."
        onConfirm={() => {
          if (asking) void fetcher.submit(asking, { method: "post" });
        }}
      />
    </fetcher.Form>
  );
}

/**
 * A card's newest sales (docs/product/value.md "A card's page"): date, grade, price and source
 * (linked to the listing or the outside sale); an excluded sale says so and why. Staff get an
 * "Exclude" control per counted sale.
 */
export function CompsTable({ comps, canManage }: { comps: CompPoint[]; canManage: boolean }) {
  const [excluding, setExcluding] = useState<number | null>(null);
  const newest = [...comps].reverse().slice(0, SHOWN);
  if (newest.length === 0) {
    return <p className="text-muted-foreground text-sm">No sales recorded yet.</p>;
  }
  return (
    <ul className="divide-y rounded-xl border">
      {newest.map((c) => (
        <li key={c.id} className="p-3" data-testid="comp-row">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Time value={c.soldAt} style="date" className="text-muted-foreground" />
              <span className="font-medium">{gradeKey(c.grader, c.grade)}</span>
              {c.listingId !== null ? (
                <Link to={`/marketplace/${c.listingId}`} className="underline underline-offset-2">
                  {c.source}
                </Link>
              ) : c.url ? (
                <a
                  href={c.url}
                  rel="noopener noreferrer nofollow"
                  target="_blank"
                  className="underline underline-offset-2"
                >
                  {c.source}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span>{c.source}</span>
              )}
              {c.excludedReason !== null ? <Badge>Excluded</Badge> : null}
            </div>
            <div className="flex items-center gap-3">
              <span
                className={
                  c.excludedReason !== null
                    ? "text-muted-foreground tabular-nums line-through"
                    : "font-semibold tabular-nums"
                }
              >
                {formatCents(c.priceCents)}
              </span>
              {canManage && c.excludedReason === null && excluding !== c.id ? (
                <Button size="sm" variant="outline" onClick={() => setExcluding(c.id)}>
                  Exclude<span className="sr-only"> this sale</span>
                </Button>
              ) : null}
            </div>
          </div>
          {c.excludedReason !== null ? (
            <p className="text-muted-foreground mt-1 text-xs">Not counted: {c.excludedReason}</p>
          ) : null}
          {excluding === c.id ? <ExcludeForm comp={c} onCancel={() => setExcluding(null)} /> : null}
        </li>
      ))}
    </ul>
  );
}
