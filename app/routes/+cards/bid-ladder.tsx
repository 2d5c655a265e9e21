import { Link } from "react-router";
import type { CardLadderRung } from "~/.server/auctions/card-ladder";
import { formatCents } from "~/lib/money";

/**
 * A card's bid ladder beside its listings (docs/product/market.md "Standing bids"): the best
 * open standing bid per grader and minimum grade, then the house's buyback (90 % of a slab's
 * value, for slabs pulled from a pack, 24 hours after the pull: docs/product/vault.md
 * "Buyback"). The same for every visitor: the viewer's own slabs come from {@link YourSlabs}.
 * Its section and heading take their look from the card page (`.card-page`, app/app.css).
 */
export function BidLadder({
  cardId,
  ladder,
  buyback,
}: {
  cardId: number;
  ladder: CardLadderRung[];
  /** The buyback's share of a slab's value ("90%": `BUYBACK_PERCENT`, from the loader). */
  buyback: string;
}) {
  return (
    <section aria-labelledby="bids-heading">
      <h2 id="bids-heading">Best bids</h2>
      <table className="bid-ladder">
        <thead>
          <tr>
            <th scope="col">Slab</th>
            <th scope="col">Best bid</th>
            <th scope="col">Bids</th>
          </tr>
        </thead>
        <tbody>
          {ladder.map((rung) => (
            <tr key={`${rung.grader} ${rung.minGrade}`}>
              <td>{`${rung.grader} ${rung.minGrade}+`}</td>
              <td>{formatCents(rung.bestCents)}</td>
              <td>{rung.bids}</td>
            </tr>
          ))}
          <tr>
            <td>Pulled from a pack, within 24 hours</td>
            <td>{`${buyback} of its value`}</td>
            <td>PackVault buyback</td>
          </tr>
        </tbody>
      </table>
      {ladder.length === 0 ? (
        <p className="text-muted-foreground text-sm">No standing bids on this card yet.</p>
      ) : null}
      <p className="text-sm">
        <Link to={`/auctions/cards/${cardId}`} className="underline underline-offset-2">
          Place a standing bid
        </Link>
        : the amount is held until a matching slab is sold to it, or it ends.
      </p>
    </section>
  );
}
