import { RarityBadge } from "~/components/ui/rarity-badge";
import { type CardRarity } from "~/lib/domain/rarity";

/** Product rarity labels (docs/product/catalogue.md) on the card tiers' colours (docs/design.md "Look and feel"). */
const PRODUCT_RARITY_TIER: Record<string, CardRarity> = {
  Common: "common",
  Limited: "uncommon",
  Rare: "rare",
  "Ultra Rare": "legendary",
};

/** A product's rarity label ('Ultra Rare', 'Limited', 'Rare', 'Common') in its tier's colour. */
export function ProductRarityBadge({ rarity, className }: { rarity: string; className?: string }) {
  return (
    <RarityBadge
      rarity={PRODUCT_RARITY_TIER[rarity] ?? "common"}
      label={rarity}
      className={className}
    />
  );
}
