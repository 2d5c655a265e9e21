import { dollarsToCents, formatCents } from "~/lib/money";
import { packEconomics } from "~/lib/pack-economics";
import { RARITIES, isValidDistribution, type RarityDistribution } from "~/lib/packs";
import { basisPointsAsPercent } from "~/lib/rates";
import { AdminFigures } from "./admin-stats";

/** The price field as typed, in cents, or null while it is not an amount of dollars. */
function typedPriceCents(price: string): number | null {
  const value = price.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) return null;
  return dollarsToCents(Number(value));
}

/** The four odds as typed, or null while they are not a valid distribution. */
function typedDistribution(odds: Record<string, string>): RarityDistribution | null {
  const values = RARITIES.map((rarity) => odds[rarity]?.trim() ?? "");
  if (values.some((value) => !/^\d{1,3}(\.\d{1,2})?$/.test(value))) return null;
  const distribution = Object.fromEntries(
    RARITIES.map((rarity, i) => [rarity, Number(values[i])]),
  ) as RarityDistribution;
  return isValidDistribution(distribution) ? distribution : null;
}

/**
 * The pack editor's live economics (docs/decisions/008-house-edge.md): expected card value,
 * expected buyback payout, return to player and house margin of the price and odds as typed,
 * computed by the same function the server checks with. A pack whose expected buyback reaches
 * its price cannot be saved; the figures say so before the admin tries.
 */
export function PackEconomicsPreview({
  price,
  odds,
  id,
}: {
  price: string;
  odds: Record<string, string>;
  id: string;
}) {
  const priceCents = typedPriceCents(price);
  const distribution = typedDistribution(odds);
  if (priceCents === null || distribution === null) {
    return (
      <p id={id} className="text-muted-foreground text-xs" aria-live="polite">
        Enter a price and odds that add up to 100 to see the expected values.
      </p>
    );
  }
  const economics = packEconomics(priceCents, distribution);
  return (
    <div id={id} aria-live="polite" className="space-y-2">
      <EconomicsFigures economics={economics} />
      {economics.buybackReachesPrice ? (
        <p className="text-danger text-xs font-medium">
          Expected buyback exceeds the pack price: lower the rare and legendary odds to save.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The four figures of a pack's economics (docs/design.md "Inventory (real slabs)", packEconomics):
 * expected card value and buyback payout per pull, return to player and house margin.
 */
export function EconomicsFigures({
  economics,
}: {
  economics: {
    expectedCardValueCents: number;
    expectedBuybackCents: number;
    returnToPlayerBp: number;
    houseMarginBp: number;
  };
}) {
  return (
    <AdminFigures
      className="grid grid-cols-2 gap-2 sm:grid-cols-4"
      figures={[
        { term: "Expected card value", value: formatCents(economics.expectedCardValueCents) },
        { term: "Expected buyback payout", value: formatCents(economics.expectedBuybackCents) },
        { term: "Return to player", value: `${basisPointsAsPercent(economics.returnToPlayerBp)}%` },
        { term: "House margin", value: `${basisPointsAsPercent(economics.houseMarginBp)}%` },
      ]}
    />
  );
}
