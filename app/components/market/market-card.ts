import { formatGrade, slabCardOf } from "~/lib/art/slab-card";
import { ISSUED_BEFORE_INVENTORY, type CardSlab } from "~/lib/slabs";
import type { CardRarity } from "~/lib/domain/rarity";
import type { ListingCategory } from "~/lib/market";
import { centsToDollars, type Cents } from "~/lib/money";

/**
 * A vaulted card of the signed-in user, as the marketplace dialogs need it: the trade offer
 * dialog lists these, and the create-listing dialog is prefilled from one.
 */
export type MarketVaultCard = {
  id: number;
  name: string;
  description: string;
  rarity: CardRarity;
  grade: number;
  estimatedValueCents: Cents;
  /** The pack's category ("Pokemon", "MTG", ...), drawn on the slab. */
  packCategory: string;
  certNumber: string | null;
  slab: CardSlab | null;
  /** The card's buyback offer standing now (pending, unexpired), in cents; null when none. */
  buybackCents: Cents | null;
  /** Its grade's FMV and confidence (docs/product/value.md); null: "No estimate yet". */
  fmv: { fmvCents: Cents; confidence: number } | null;
};

/** The slab art's fields for a vault card. */
export function slabOf(
  card: Pick<MarketVaultCard, "name" | "packCategory" | "rarity" | "grade" | "slab">,
) {
  return slabCardOf(card);
}

/**
 * The listing category that best matches a pack category (docs/product/market.md "Listings"): Pokemon ->
 * Pokemon, MTG -> Magic: The Gathering, Star Wars -> Star Wars, Comics -> Comics, anything
 * else (Sports, Basketball, ...) -> Other.
 */
export function listingCategoryFor(packCategory: string): ListingCategory {
  switch (packCategory.trim().toLowerCase()) {
    case "pokemon":
      return "Pokemon";
    case "mtg":
    case "magic: the gathering":
      return "Magic: The Gathering";
    case "star wars":
      return "Star Wars";
    case "comics":
      return "Comics";
    default:
      return "Other";
  }
}

/** The create-listing form's starting values for a vault card (docs/product/market.md "Listings"). */
export function listingPrefill(card: MarketVaultCard) {
  return {
    title: card.name.slice(0, 100),
    description: `${card.description}\n\nGrade ${formatGrade(card.grade)} (${card.slab ? `${card.slab.grader}, cert ${card.slab.cert}` : ISSUED_BEFORE_INVENTORY.toLowerCase()}).`,
    price: centsToDollars(card.estimatedValueCents),
    category: listingCategoryFor(card.packCategory),
    condition: "Mint" as const,
  };
}
