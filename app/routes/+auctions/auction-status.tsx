import type { AuctionPage } from "~/.server/auctions/auction-views";
import { TimeLeft } from "~/components/market/time-left";
import { Time } from "~/components/ui/time";
import { formatCents } from "~/lib/money";

/**
 * Where an auction stands (/auctions/:id, read out politely as it changes): the current, sold
 * or unsold price, the bids and the reserve, the time left or the end, the soft-close
 * extension, and whether the viewer is winning, outbid or has won.
 */
export function AuctionStatus({ auction }: { auction: AuctionPage }) {
  const open = auction.status === "open";
  const extended = new Date(auction.endsAt).getTime() > new Date(auction.scheduledEndAt).getTime();
  return (
    <div aria-live="polite" className="space-y-1">
      <p className="text-muted-foreground text-sm">
        {open ? "Current price" : auction.status === "sold" ? "Sold for" : "Ended unsold at"}
      </p>
      <p className="text-4xl font-black">{formatCents(auction.priceCents)}</p>
      <p className="text-sm">
        {auction.bidCount} {auction.bidCount === 1 ? "bid" : "bids"}
        {auction.hasReserve ? (auction.reserveMet ? " · Reserve met" : " · Reserve not met") : ""}
      </p>
      <p className="text-sm">
        {open ? (
          <TimeLeft endsAt={auction.endsAt} />
        ) : (
          <>
            Ended <Time value={auction.endsAt} />
          </>
        )}
      </p>
      {extended && open ? (
        <p className="text-accent text-sm font-medium">
          Extended by late bids (soft close): it ends 10 minutes after the last bid that raised the
          price.
        </p>
      ) : null}
      {auction.viewer.state === "leading" && open ? (
        <p className="font-semibold text-green-700 dark:text-green-400">
          You're winning (your maximum: {formatCents(auction.viewer.maxCents)})
        </p>
      ) : null}
      {auction.viewer.state === "outbid" && open ? (
        <p className="text-danger font-semibold">You've been outbid</p>
      ) : null}
      {auction.won ? (
        <p className="font-semibold">You won this auction. The card is in your vault.</p>
      ) : null}
    </div>
  );
}
