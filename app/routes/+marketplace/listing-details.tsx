import type { Route } from "../+types/marketplace.$id";
import { GradedCardPanel } from "./graded-card-panel";

/**
 * A listing's description, then the graded card's panel (grade, rarity, cert, pull) or, for a
 * physical item, how its payment is held in escrow, told to the seller or to a buyer.
 */
export function ListingDetails({
  listing,
}: {
  listing: Route.ComponentProps["loaderData"]["listing"];
}) {
  return (
    <>
      <section aria-labelledby="listing-description" className="space-y-2">
        <h2 id="listing-description" className="text-lg font-semibold">
          Description
        </h2>
        <p className="text-muted-foreground break-words whitespace-pre-line">
          {listing.description}
        </p>
      </section>

      {listing.card ? (
        <GradedCardPanel card={listing.card} pull={listing.pull} />
      ) : (
        <p className="text-muted-foreground text-sm">
          {listing.isOwn
            ? "A physical item you hold: when it sells, the buyer's payment waits in escrow until they confirm it arrived, then you are paid."
            : "A physical item the seller holds: your payment waits in escrow until you confirm it arrived."}
        </p>
      )}
    </>
  );
}
