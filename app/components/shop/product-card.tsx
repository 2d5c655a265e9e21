import { Link } from "react-router";
import type { ProductSummary } from "~/lib/domain/catalog";
import { cn } from "~/lib/cn";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { ProductRarityBadge } from "./rarity-badge";
import { Rating } from "./rating";
import { StockStatus } from "./stock-status";
import { deferred } from "~/lib/deferred";

const ProductCardActions = deferred(() => import("./product-card-actions").then((m) => m.default));

export type CardLayout = "grid" | "list";

const EXCERPT_LENGTH = 140;

/** The first ~140 characters of a description, cut at a word, with an ellipsis. */
function excerpt(text: string): string {
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,.;:]+$/, "")}\u2026`;
}

/**
 * A product in a grid or a list (shop, wishlist, new arrivals, sale, category): image, rarity
 * badge, category, name, price (with the struck-through former price), rating, stock, Add to Cart
 * and the Wishlist heart. The card is one link to /product/{id} (the buttons sit above it);
 * `layout="list"` adds a description excerpt.
 */
export function ProductCard({
  product,
  layout = "grid",
  eager = false,
  wishlisted,
}: {
  product: ProductSummary;
  /** Whether the signed-in user wishlisted it; null for a visitor (buttons go to /auth). */
  wishlisted: boolean | null;
  layout?: CardLayout;
  /** Load the image at once (cards in the first screenful). */
  eager?: boolean;
}) {
  const list = layout === "list";
  return (
    <article className={cn("product-card group", list ? "flex-row" : "flex-col")}>
      <div className={list ? "w-28 sm:w-44" : undefined}>
        <ProductImage product={product} loading={eager ? "eager" : "lazy"} />
      </div>
      <div className="product-card-body">
        <div>
          <ProductRarityBadge rarity={product.rarity} />
          <span>{product.category}</span>
        </div>
        <h2>
          <Link to={`/product/${product.id}`} className="card-link">
            {product.name}
          </Link>
        </h2>
        {list ? (
          <p className="text-muted-foreground line-clamp-3 text-sm">
            {excerpt(product.description)}
          </p>
        ) : null}
        <div className="product-card-price">
          <Price priceCents={product.priceCents} compareAtCents={product.compareAtCents} />
          <Rating rating={product.rating} reviewCount={product.reviewCount} />
        </div>
        <StockStatus stock={product.stock} />
        <div className="product-card-actions">
          <ProductCardActions product={product} wishlisted={wishlisted} />
        </div>
      </div>
    </article>
  );
}
