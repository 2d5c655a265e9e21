import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { ConfirmAction } from "~/components/market/confirm-action";
import { formatCents, type Cents } from "~/lib/money";

/**
 * 'Buy Now' on a listing page (docs/product/market.md "Settlement and fees"): asks first, naming the price and the
 * buyer's wallet balance before and after; posts `intent=buy-now` with the price the buyer saw
 * (`expectedPriceCents`) to /marketplace. A balance too low disables the purchase and links to
 * Add funds, which comes back here. A physical item's payment is held in escrow.
 */
export function BuyNowButton({
  listing,
  balanceCents,
  redirectTo,
}: {
  listing: { id: number; title: string; priceCents: Cents; hasCard: boolean };
  balanceCents: Cents;
  redirectTo: string;
}) {
  const short = balanceCents < listing.priceCents;
  const price = formatCents(listing.priceCents);
  return (
    <ConfirmAction
      action="/marketplace"
      fields={{
        intent: "buy-now",
        listingId: listing.id,
        expectedPriceCents: listing.priceCents,
        redirectTo,
      }}
      size="lg"
      className="w-full sm:w-auto"
      label={
        <>
          <ShoppingCart className="size-4" aria-hidden="true" />
          Buy Now
        </>
      }
      title={`Buy ${listing.title} for ${price}?`}
      description={
        listing.hasCard
          ? "The price is paid from your wallet and the card moves to your vault at once."
          : "The price is paid from your wallet and held in escrow: the seller is paid once you confirm the item arrived (or 14 days after it ships)."
      }
      body={
        <>
          <dl className="bg-surface-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg p-3 text-sm">
            <dt className="text-muted-foreground">Price</dt>
            <dd className="text-right font-semibold tabular-nums">{price}</dd>
            <dt className="text-muted-foreground">Your wallet balance</dt>
            <dd className="text-right tabular-nums">{formatCents(balanceCents)}</dd>
            {short ? null : (
              <>
                <dt className="text-muted-foreground">Balance after purchase</dt>
                <dd className="text-right tabular-nums">
                  {formatCents(balanceCents - listing.priceCents)}
                </dd>
              </>
            )}
          </dl>
          {short ? (
            <p role="alert" className="text-danger mt-3 text-sm">
              Insufficient balance.{" "}
              <Link
                to={`/wallet?redirectTo=${encodeURIComponent(redirectTo)}`}
                className="text-foreground font-medium underline"
              >
                Add funds
              </Link>{" "}
              to buy this listing.
            </p>
          ) : null}
        </>
      }
      confirmLabel={`Pay ${price}`}
      confirmDisabled={short}
    />
  );
}
