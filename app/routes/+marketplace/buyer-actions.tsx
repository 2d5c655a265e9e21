import { ArrowLeftRight, HandCoins } from "lucide-react";
import type { OfferListing } from "~/components/market/make-offer-dialog";
import { Button } from "~/components/ui/button";
import type { Cents } from "~/lib/money";
import { BuyNowButton } from "./buy-now-button";

/**
 * What a signed-in buyer can do on an active listing's page: Buy Now (with their wallet
 * `balanceCents`), Make Offer (`onOffer`) and, for a vault card, Trade (`onTrade`).
 */
export function BuyerActions({
  listing,
  balanceCents,
  redirectTo,
  onOffer,
  onTrade,
}: {
  listing: OfferListing;
  balanceCents: Cents;
  redirectTo: string;
  onOffer: () => void;
  onTrade: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <BuyNowButton listing={listing} balanceCents={balanceCents} redirectTo={redirectTo} />
      <Button size="lg" variant="outline" onClick={onOffer}>
        <HandCoins className="size-4" aria-hidden="true" />
        Make Offer
      </Button>
      {listing.hasCard ? (
        <Button size="lg" variant="outline" onClick={onTrade}>
          <ArrowLeftRight className="size-4" aria-hidden="true" />
          Trade
        </Button>
      ) : null}
    </div>
  );
}
