/**
 * A product as every storefront screen shows it (cards, banner, lists). Money in cents;
 * `rating` 0-5 to one decimal; `description` is the full text (list view shows an excerpt).
 */
export type ProductSummary = {
  id: number;
  name: string;
  category: string;
  description: string;
  priceCents: number;
  compareAtCents: number | null;
  imageUrl: string | null;
  rarity: string;
  condition: string;
  rating: number;
  reviewCount: number;
  stock: number;
};
