import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Time } from "~/components/ui/time";
import { deferred } from "~/lib/deferred";
import type { SaleRow } from "~/.server/value/card-page";
import { formatCents } from "~/lib/money";

// Staff's form loads when they open it: visitors' pages carry none of its code.
const ExcludeForm = deferred(() => import("./exclude-form").then((m) => m.ExcludeForm));

/** Where a sale happened: the PackVault listing, the outside sale's page, or just its name. */
function Source({ comp }: { comp: SaleRow }) {
  if (comp.listingId !== undefined) {
    return <Link to={`/marketplace/${comp.listingId}`}>{comp.source}</Link>;
  }
  if (comp.url) {
    return (
      <a href={comp.url} rel="noopener noreferrer nofollow" target="_blank">
        {comp.source}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return <span>{comp.source}</span>;
}

/**
 * A card's newest sales (docs/product/value.md "A card's page"), newest first: date, grade,
 * source (linked to the listing or the outside sale) and price; an excluded sale says so and
 * why. `total` is how many sales the card has (the chart shows them all). Staff get an
 * "Exclude" control per counted sale.
 */
export function CompsTable({
  comps,
  total,
  canManage,
}: {
  comps: SaleRow[];
  total: number;
  canManage: boolean;
}) {
  const [excluding, setExcluding] = useState<number | null>(null);
  if (comps.length === 0) {
    return <p className="text-muted-foreground text-sm">No sales recorded yet.</p>;
  }
  return (
    <>
      <ul className="comp-list">
        {comps.map((c) => (
          <li key={c.id} data-testid="comp-row">
            <div>
              <Time value={c.at} style="date" />
              <strong>{c.grade}</strong>
              <Source comp={c} />
              {c.excludedReason !== undefined ? <Badge>Excluded</Badge> : null}
              {c.excludedReason !== undefined ? (
                <s>{formatCents(c.priceCents)}</s>
              ) : (
                <b>{formatCents(c.priceCents)}</b>
              )}
              {canManage && c.excludedReason === undefined && excluding !== c.id ? (
                <Button size="sm" variant="outline" onClick={() => setExcluding(c.id)}>
                  Exclude<span className="sr-only"> this sale</span>
                </Button>
              ) : null}
            </div>
            {c.excludedReason !== undefined ? <p>Not counted: {c.excludedReason}</p> : null}
            {excluding === c.id ? (
              <ExcludeForm comp={c} onCancel={() => setExcluding(null)} />
            ) : null}
          </li>
        ))}
      </ul>
      {total > comps.length ? (
        <p className="text-muted-foreground text-sm">
          {`The ${comps.length} newest of ${total} sales; the chart above shows every one.`}
        </p>
      ) : null}
    </>
  );
}
