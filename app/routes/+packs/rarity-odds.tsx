import { Link } from "react-router";
import type { PackSummary } from "~/lib/domain/packs";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { type CardRarity } from "~/lib/domain/rarity";
import { cn } from "~/lib/cn";
import { formatCents, mulDivHalfUp, type Cents } from "~/lib/money";
import { RARITIES, VALUE_FACTOR_BP, VALUE_MULTIPLIER_BP } from "~/lib/packs";

/** The bar colour of each rarity (docs/design.md "Look and feel": common slate, uncommon green, rare blue, legendary amber). */
const BAR: Record<CardRarity, string> = {
  common: "bg-slate-500 dark:bg-slate-300",
  uncommon: "bg-green-600 dark:bg-green-400",
  rare: "bg-blue-600 dark:bg-blue-400",
  legendary: "bg-amber-500 dark:bg-amber-400",
};

/** "60" -> "60%", "12.5" -> "12.5%". */
const percent = (value: number) => `${Number(value.toFixed(2))}%`;

/**
 * The range a card of `rarity` from this pack is worth (docs/product/packs-and-fairness.md): price x the rarity's
 * multiplier x the 0.7-1.3 factor, rounded to the cent as the draw rounds it.
 */
function valueRange(priceCents: Cents, rarity: CardRarity): [Cents, Cents] {
  const bp = VALUE_MULTIPLIER_BP[rarity];
  return [
    mulDivHalfUp(priceCents, bp * VALUE_FACTOR_BP.min, 100_000_000),
    mulDivHalfUp(priceCents, bp * VALUE_FACTOR_BP.max, 100_000_000),
  ];
}

/**
 * The rarity distribution list (docs/product/packs-and-fairness.md): the percentage of common,
 * uncommon, rare and legendary with the rarity badges' colours and a bar; beyond the spec, the
 * value range of a card of that rarity and the pulls of this pack so far next to the odds
 * (docs/product/packs-and-fairness.md), so a collector can compare what was stated with what
 * happened, and the real slabs left in each tier of the pack's pool.
 */
export function RarityOdds({
  pack,
  pullsByRarity,
  leftByRarity,
}: {
  pack: Pick<PackSummary, "id" | "priceCents" | "rarityDistribution"> & { oddsCommitment: string };
  pullsByRarity: Record<CardRarity, number>;
  /** Slabs left in the pool per tier (docs/decisions/037-slab-within-a-tier.md). */
  leftByRarity: Record<CardRarity, number>;
}) {
  const totalPulls = RARITIES.reduce((sum, rarity) => sum + pullsByRarity[rarity], 0);
  return (
    <section aria-labelledby="odds-title" className="bg-surface rounded-2xl border p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="odds-title" className="text-xl font-bold tracking-tight">
          Rarity distribution
        </h2>
        <p className="text-muted-foreground text-sm">
          {totalPulls === 0
            ? "No pulls from this pack yet"
            : `${totalPulls.toLocaleString("en-US")} ${totalPulls === 1 ? "pull" : "pulls"} so far`}
        </p>
      </div>
      <ul className="mt-4 space-y-4">
        {RARITIES.map((rarity) => {
          const odds = pack.rarityDistribution[rarity];
          const pulled = pullsByRarity[rarity];
          const [low, high] = valueRange(pack.priceCents, rarity);
          return (
            <li key={rarity} className="space-y-1.5">
              <div className="flex items-center justify-between gap-3">
                <RarityBadge rarity={rarity} />
                <span className="font-semibold tabular-nums">{percent(odds)}</span>
              </div>
              <div className="bg-surface-2 h-2 overflow-hidden rounded-full" aria-hidden="true">
                <div
                  className={cn("h-full rounded-full", BAR[rarity])}
                  style={{ width: `${odds}%` }}
                />
              </div>
              <p className="text-muted-foreground flex flex-wrap justify-between gap-x-4 text-xs">
                <span>
                  Card value {formatCents(low)} to {formatCents(high)}
                </span>
                <span className="tabular-nums">
                  {leftByRarity[rarity].toLocaleString("en-US")}{" "}
                  {leftByRarity[rarity] === 1 ? "card" : "cards"} left
                </span>
                <span className="tabular-nums">
                  Pulled so far: {pulled.toLocaleString("en-US")}
                  {totalPulls > 0 ? ` (${((pulled / totalPulls) * 100).toFixed(1)}%)` : ""}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-5 space-y-1 border-t pt-4 text-sm">
        <p className="text-muted-foreground">
          Odds commitment (SHA-256 of these odds, the card names and the price):{" "}
          <span className="text-foreground font-mono text-xs break-all">{pack.oddsCommitment}</span>
        </p>
        <Link
          to={`/pack/${pack.id}/odds`}
          className="text-foreground inline-block font-medium underline underline-offset-4"
        >
          Stated vs realized odds and the draw log
        </Link>
      </div>
    </section>
  );
}
