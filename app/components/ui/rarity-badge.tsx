import { cn } from "~/lib/cn";
import { rarityLabel, type CardRarity } from "~/lib/domain/rarity";
import { Badge } from "./badge";

/**
 * The one rarity badge of PackVault, used on cards, tiles, reveals, sales and products: the
 * rarity's name (or `label`, e.g. a product's 'Ultra Rare') with its tier's colour dot.
 * `data-rarity` carries the tier for styling and tests.
 */
export function RarityBadge({
  rarity,
  label,
  className,
}: {
  rarity: CardRarity;
  label?: string;
  className?: string;
}) {
  // The tier's colours (docs/design.md "Look and feel") are `.rarity[data-rarity]` in app.css.
  return (
    <Badge data-rarity={rarity} className={cn("rarity", className)}>
      <span aria-hidden="true" />
      {label ?? rarityLabel(rarity)}
    </Badge>
  );
}
