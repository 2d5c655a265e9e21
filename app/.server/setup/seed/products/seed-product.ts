import type { PRODUCT_CONDITIONS, PRODUCT_RARITIES } from "../../../db/schema/catalog";

/** One seeded storefront product, as catalog-data.ts lists it (prices in whole US dollars). */
export type SeedProduct = {
  name: string;
  category: string;
  /** Whole US dollars. */
  price: number;
  compareAt?: number;
  rarity: (typeof PRODUCT_RARITIES)[number];
  condition: (typeof PRODUCT_CONDITIONS)[number];
  stock: number;
  description: string;
  featured?: boolean;
};
