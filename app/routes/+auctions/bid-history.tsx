import type { BidLine } from "~/.server/auctions/auction-views";
import { Time } from "~/components/ui/time";
import { formatCents } from "~/lib/money";

/** An auction's bids, as listed (each bidder's tag, "(you)" for the viewer's, the price after it, when). */
export function BidHistory({ history }: { history: BidLine[] }) {
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="mb-2 text-xl font-semibold">
        Bid history
      </h2>
      {history.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No bids yet. The first bid can be the start price.
        </p>
      ) : (
        <ol className="divide-y rounded-md border">
          {history.map((line) => (
            <li key={line.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                {line.tag}
                {line.yours ? " (you)" : ""}
              </span>
              <span className="font-medium">{formatCents(line.priceAfterCents)}</span>
              <Time value={line.at} className="text-muted-foreground" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
