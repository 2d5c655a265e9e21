import type { BidLine } from "~/.server/auctions/auction-views";
import { Time } from "~/components/ui/time";
import { formatCents } from "~/lib/money";
import { BidList } from "./bid-list";

/** An auction's bids, as listed (each bidder's tag, "(you)" for the viewer's, the price after it, when). */
export function BidHistory({ history }: { history: BidLine[] }) {
  return (
    <BidList
      id="history-title"
      title="Bid history"
      items={history}
      empty="No bids yet. The first bid can be the start price."
      ordered
      row={(line) => (
        <>
          <span>
            {line.tag}
            {line.yours ? " (you)" : ""}
          </span>
          <span className="font-medium">{formatCents(line.priceAfterCents)}</span>
          <Time value={line.at} className="text-muted-foreground" />
        </>
      )}
    />
  );
}
