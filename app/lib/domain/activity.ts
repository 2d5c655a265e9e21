import type { CardRarity } from "./rarity";

/** One row of the home page's Latest Sales card. Money in cents. */
export type LatestSale = {
  id: number;
  cardName: string;
  category: string;
  rarity: CardRarity | null;
  salePriceCents: number;
  soldAt: Date;
  /** The catalogue card sold (its page is /cards/{cardId}); null when it has none. */
  cardId: number | null;
};

/** A sale as it travels: dates as ISO strings. */
export type SaleEvent = Omit<LatestSale, "soldAt"> & { soldAt: string };
