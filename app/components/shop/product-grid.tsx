import type { ProductSummary } from "~/lib/domain/catalog";
import { cn } from "~/lib/cn";
import { ProductCard, type CardLayout } from "./product-card";

/**
 * Only the first card's image loads at once (the page's likely largest paint); the rest load
 * lazily, right after the first paint when on screen. Several eager images held Chromium's first
 * paint back by a second or more (docs/decisions/064-one-eager-image-above-the-fold.md).
 */
const EAGER_CARDS = 1;

/**
 * Products as a responsive grid (2 columns at 360 px up to 4 on wide screens) or a list,
 * as a list element so screen readers announce the count.
 */
export function ProductGrid({
  products,
  layout = "grid",
  label,
  wishlistedIds,
}: {
  products: ProductSummary[];
  /** The signed-in user's wishlisted ids among `products`; null for a visitor. */
  wishlistedIds: readonly number[] | null;
  layout?: CardLayout;
  /** Accessible name of the list, e.g. "Sale items". */
  label: string;
}) {
  return (
    <ul
      aria-label={label}
      className={cn(
        "grid gap-3 sm:gap-4",
        layout === "grid" ? "grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" : "grid-cols-1",
      )}
    >
      {products.map((product, i) => (
        <li key={product.id} className="flex *:flex-1">
          <ProductCard
            product={product}
            layout={layout}
            eager={i < EAGER_CARDS}
            wishlisted={wishlistedIds ? wishlistedIds.includes(product.id) : null}
          />
        </li>
      ))}
    </ul>
  );
}
