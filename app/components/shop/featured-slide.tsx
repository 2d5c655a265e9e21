import { Link } from "react-router";
import type { ProductSummary } from "~/lib/domain/catalog";
import { Icon } from "~/components/ui/icon";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { ProductRarityBadge } from "./rarity-badge";

/**
 * One slide of the shop's featured banner (featured-banner.tsx): a link to /product/{id} with
 * the product's name, rarity, category, price and image. `index` counts from 0 among `count`;
 * the slide is inert unless `shown`, and only the first image loads eagerly.
 */
export function FeaturedSlide({
  product,
  index,
  count,
  shown,
}: {
  product: ProductSummary;
  index: number;
  count: number;
  shown: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      inert={!shown}
      className="banner-slide"
    >
      {/* The slide's parts are styled by position under `.banner-slide` (app.css). */}
      <Link to={`/product/${product.id}`}>
        <div>
          <p>Featured</p>
          <p>{product.name}</p>
          <div>
            <ProductRarityBadge rarity={product.rarity} />
            <span>{product.category}</span>
          </div>
          <div>
            <Price
              priceCents={product.priceCents}
              compareAtCents={product.compareAtCents}
              className="text-lg sm:text-xl"
            />
          </div>
          <span>
            View details <Icon name="arrow-right" className="size-4" />
          </span>
        </div>
        <ProductImage product={product} loading={index === 0 ? "eager" : "lazy"} />
      </Link>
    </div>
  );
}
