import type { Photo } from "./media";
import type { CardRarity } from "./rarity";
import type { Cents } from "~/lib/money";

/** A listing as the marketplace grid shows it. */
export type ListingCard = {
  id: number;
  title: string;
  description: string;
  priceCents: Cents;
  category: string;
  condition: string;
  /**
   * An image link from before photos were uploaded (docs/product/market.md "Photos"): https
   * only; an older http: link is dropped (the card's slab or the placeholder shows instead).
   */
  imageUrl: string | null;
  /** Uploaded photos, front first (a card in a grid carries only its first). */
  photos: Photo[];
  createdAt: Date;
  /** Whether the viewer (`ctx.actor`) is the seller; no user id leaves the server. */
  isOwn: boolean;
  /** The linked vault card, for its slab art; null for a physical item. */
  card: {
    id: number;
    name: string;
    rarity: CardRarity;
    grade: number;
    packCategory: string;
    certNumber: string;
  } | null;
};
