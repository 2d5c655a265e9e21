/** docs/product/catalogue.md: filter options and sort choices. */
export const CATALOG_CATEGORIES = [
  "Trading Cards",
  "Figurines",
  "Comics",
  "Collectibles",
  "Memorabilia",
] as const;
export const CATALOG_CONDITIONS = ["Mint", "Near Mint", "Excellent", "Good"] as const;
export const PRICE_FILTER = { min: 0, max: 15000, step: 100 } as const;

export const SORT_OPTIONS = [
  { value: "best-sellers", label: "Best Sellers" },
  { value: "newest", label: "Newest Arrivals" },
  { value: "price-asc", label: "Price low to high" },
  { value: "price-desc", label: "Price high to low" },
  { value: "top-rated", label: "Top Rated" },
  { value: "trending", label: "Trending Now" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOption = "best-sellers";
export const PAGE_SIZE = 12;

/** docs/product/catalogue.md: slug titles; any other slug is titled 'Category'. */
export const CATEGORY_SLUG_TITLES: Record<string, string> = {
  "trading-cards": "Trading Cards",
  comics: "Comics",
  "action-figures": "Action Figures",
  "vintage-toys": "Vintage Toys",
};

/**
 * What the spec's category slugs that name no catalogue category list instead (the spec's rule
 * leaves them always empty): Action Figures are the Figurines (statues, vinyl and action
 * figures); Vintage Toys are the figurines and collectibles made before 1990, told by a year
 * 1900-1989 or the word "vintage" in the name. Every other slug follows the spec's rule.
 */
export const CATEGORY_SLUG_SOURCES: Record<
  string,
  { categories: readonly (typeof CATALOG_CATEGORIES)[number][]; vintageOnly: boolean }
> = {
  "action-figures": { categories: ["Figurines"], vintageOnly: false },
  "vintage-toys": { categories: ["Figurines", "Collectibles"], vintageOnly: true },
};

/** Whether a product's name marks it as vintage (made before 1990): "Kenner 1979", "Vintage". */
export function isVintageName(name: string): boolean {
  return /\bvintage\b/i.test(name) || /\b19[0-8]\d\b/.test(name);
}

/** The spec's slug rule: the category name lowercased with spaces replaced by hyphens. */
export function categorySlug(name: string): string {
  return name.toLowerCase().replace(/ /g, "-");
}

/** The title of /category/{slug}: known slugs get their title, anything else 'Category'. */
export function categoryTitle(slug: string): string {
  return Object.hasOwn(CATEGORY_SLUG_TITLES, slug) ? CATEGORY_SLUG_TITLES[slug]! : "Category";
}
