import { Icon } from "~/components/ui/icon";
import type { PackSummary } from "~/lib/domain/packs";
import { formatCents } from "~/lib/money";
import { packEconomics } from "~/lib/pack-economics";
import { BUYBACK_PERCENT, basisPointsAsPercent } from "~/lib/rates";

/**
 * The expected value of one pull and of its buyback (docs/product/packs-and-fairness.md): the average over this
 * pack's odds and over the random 0.7-1.3 value factor (which averages 1), next to the price,
 * so a collector sees what a pack returns on average before buying it, and the return to player
 * in words (docs/decisions/008-house-edge.md).
 */
export function ExpectedValue({
  pack,
}: {
  pack: Pick<PackSummary, "priceCents" | "rarityDistribution">;
}) {
  const economics = packEconomics(pack.priceCents, pack.rarityDistribution);
  const stats = [
    { term: "Average card value", value: economics.expectedCardValueCents },
    { term: `Average buyback (${BUYBACK_PERCENT})`, value: economics.expectedBuybackCents },
  ];
  return (
    <section aria-labelledby="ev-title" className="bg-surface rounded-2xl border p-4 sm:p-5">
      <h2 id="ev-title" className="flex items-center gap-2 font-semibold">
        <Icon name="scale" className="text-accent size-4" />
        Expected value of one pull
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {stats.map(({ term, value }) => (
          <div key={term} className="bg-surface-2 rounded-lg border px-3 py-2">
            <dt className="text-muted-foreground text-xs">{term}</dt>
            <dd className="text-lg font-bold tabular-nums">{formatCents(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm font-medium">
        On average a pull sold back returns {basisPointsAsPercent(economics.returnToPlayerBp)}% of
        the price
      </p>
      <p className="text-muted-foreground mt-3 text-xs leading-relaxed">
        A card is worth the pack price times 0.8 (common), 1.5 (uncommon), 3 (rare) or 5
        (legendary), times a random factor from 0.7 to 1.3. These figures average over this
        pack&apos;s odds and over that factor, which averages 1; a single pull can be worth more or
        less.
      </p>
    </section>
  );
}
