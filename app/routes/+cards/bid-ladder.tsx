import { Link } from "react-router";
import type { CardLadderRung } from "~/.server/auctions/card-ladder";
import { formatCents } from "~/lib/money";
import { BUYBACK_PERCENT } from "~/lib/rates";

/**
 * A card's bid ladder beside its listings (docs/product/market.md "Standing bids"): the best
 * open standing bid per grader and minimum grade, then the house's buyback (90 % of a slab's
 * value, for slabs pulled from a pack, 24 hours after the pull: docs/product/vault.md
 * "Buyback"). The same for every visitor: the viewer's own slabs come from {@link YourSlabs}.
 */
export function BidLadder({ cardId, ladder }: { cardId: number; ladder: CardLadderRung[] }) {
  return (
    <section aria-labelledby="bids-heading" className="space-y-3">
      <h2 id="bids-heading" className="text-xl font-semibold">
        Best bids
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-muted-foreground text-left">
            <th scope="col" className="py-1 pr-3 font-medium">
              Slab
            </th>
            <th scope="col" className="pr-3 font-medium">
              Best bid
            </th>
            <th scope="col" className="font-medium">
              Bids
            </th>
          </tr>
        </thead>
        <tbody>
          {ladder.map((rung) => (
            <tr key={`${rung.grader} ${rung.minGrade}`} className="border-t">
              <td className="py-1 pr-3">
                {rung.grader} {rung.minGrade}+
              </td>
              <td className="pr-3 font-semibold tabular-nums">{formatCents(rung.bestCents)}</td>
              <td className="tabular-nums">{rung.bids}</td>
            </tr>
          ))}
          <tr className="border-t">
            <td className="py-1 pr-3">Pulled from a pack, within 24 hours</td>
            <td className="pr-3 font-semibold">{BUYBACK_PERCENT} of its value</td>
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
