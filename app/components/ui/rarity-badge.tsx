import { cn } from "~/lib/cn";
import { rarityLabel, type CardRarity } from "~/lib/domain/rarity";
import { Badge } from "./badge";

/**
 * DESIGN.md "Look and feel": common slate, uncommon green, rare blue, legendary amber.
 * Light theme: 800 text on a 100 tint; dark theme: 200 text on a 15 % tint; both above
 * WCAG AA 4.5:1 on the surface colours.
 */
const RARITY_STYLES: Record<CardRarity, { badge: string; dot: string }> = {
  common: {
    badge:
      "border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-500/50 dark:bg-slate-400/15 dark:text-slate-200",
    dot: "bg-slate-500 dark:bg-slate-300",
  },
  uncommon: {
    badge:
      "border-green-300 bg-green-100 text-green-800 dark:border-green-500/50 dark:bg-green-400/15 dark:text-green-200",
    dot: "bg-green-600 dark:bg-green-300",
  },
  rare: {
    badge:
      "border-blue-300 bg-blue-100 text-blue-800 dark:border-blue-500/50 dark:bg-blue-400/15 dark:text-blue-200",
    dot: "bg-blue-600 dark:bg-blue-300",
  },
  legendary: {
    badge:
      "border-amber-300 bg-amber-100 text-amber-800 dark:border-amber-500/50 dark:bg-amber-400/15 dark:text-amber-200",
    dot: "bg-amber-600 dark:bg-amber-300",
  },
};

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
  const style = RARITY_STYLES[rarity];
  return (
    <Badge data-rarity={rarity} className={cn("gap-1.5", style.badge, className)}>
      <span className={cn("size-1.5 rounded-full", style.dot)} aria-hidden="true" />
      {label ?? rarityLabel(rarity)}
    </Badge>
  );
}
