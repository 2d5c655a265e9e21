import { pageMeta } from "~/lib/meta";
import type { ProductSummary } from "~/lib/domain/catalog";
import { ProductCollection } from "./product-collection";

/** A fixed product collection page: its heading, lead, empty text and meta description. */
type CollectionPageText = {
  title: string;
  lead: string;
  emptyText: string;
  description: string;
};

/**
 * The shop's two fixed collections: /new-arrivals, the 6 newest products
 * (docs/product/catalogue.md "Products"), and /sale, 6 products with a former price
 * (docs/product/rewards.md).
 */
export const COLLECTION_PAGES = {
  newArrivals: {
    title: "New Arrivals",
    lead: "Fresh in the vault: the six newest additions to the shop.",
    emptyText: "No new arrivals yet. Check back soon!",
    description: "The newest graded cards, comics and collectibles in the PackVault shop.",
  },
  sale: {
    title: "Sale Items",
    lead: "Reduced prices on selected collectibles, while they last.",
    emptyText: "Nothing is on sale right now. Check back soon!",
    description: "Collectibles at reduced prices, while they last.",
  },
} as const satisfies Record<string, CollectionPageText>;

/** The meta tags of a collection page: its title and description. */
export function collectionPageMeta(page: CollectionPageText) {
  return pageMeta(page.title, page.description);
}

/**
 * A collection page's body: `page`'s texts over the loader's products and the signed-in
 * user's wishlisted ids among them (null for a visitor).
 */
export function CollectionPage({
  page,
  data,
}: {
  page: CollectionPageText;
  data: { products: ProductSummary[]; wishlisted: readonly number[] | null };
}) {
  return (
    <ProductCollection
      title={page.title}
      lead={page.lead}
      products={data.products}
      wishlistedIds={data.wishlisted}
      emptyText={page.emptyText}
    />
  );
}
