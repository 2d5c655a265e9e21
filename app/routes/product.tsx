import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";
import { Link, data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/product";
import { productJsonLd } from "./+shop/product-json-ld";
import { parseProductId } from "./+shop/product-id";
import { findProduct } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";
import { wishlistedIds } from "~/.server/wishlist/wishlist";
import { AddToCartButton } from "~/components/shop/add-to-cart-button";
import { Price } from "~/components/shop/price";
import { ProductImage, productImageSrc } from "~/components/shop/product-image";
import { photosOf } from "~/.server/media/photos";
import { ProductRarityBadge } from "~/components/shop/rarity-badge";
import { Rating } from "~/components/shop/rating";
import { StockStatus } from "~/components/shop/stock-status";
import { WishlistToggle } from "~/components/shop/wishlist-toggle";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { STORE_SHIPPING } from "~/lib/shipping";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { deferred } from "~/lib/deferred";

/** The photo viewer's code loads after the page's (docs/decisions/036-deferred-page-parts.md). */
const PhotoGallery = deferred(() =>
  import("~/components/media/photo-gallery").then((m) => m.PhotoGallery),
);

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(({ id }) => [pageTags.product(id), pageTags.catalogue]);

const NOT_FOUND = "Product Not Found";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const id = parseProductId(params.id);
  const product = id === null ? null : await findProduct(ctx, id);
  if (!product) throw data(NOT_FOUND, { status: 404 });
  // null for a visitor: Add to Cart and Wishlist then go to /auth (spec).
  const wishlist = await wishlistedIds(ctx, [product.id]);
  const url = new URL(request.url);
  const jsonLd = productJsonLd(product, {
    url: `${url.origin}/product/${product.id}`,
    imageUrl: new URL(productImageSrc(product), url.origin).href,
  });
  const photos = await photosOf(context.db, { productId: product.id });
  return { product, photos, jsonLd, wishlisted: wishlist && wishlist.includes(product.id) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta(NOT_FOUND, "This collectible is not in our catalogue.");
  const { product, jsonLd } = loaderData;
  const description =
    product.description.length > 160
      ? `${product.description.slice(0, 157).trimEnd()}...`
      : product.description;
  return [...pageMeta(product.name, description), { "script:ld+json": jsonLd }];
};

/** /product/{id} (docs/product/catalogue.md). */
export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, wishlisted } = loaderData;
  const details: { icon: IconName; term: string; value: ReactNode }[] = [
    { icon: "sparkles", term: "Condition", value: product.condition },
    { icon: "badge-check", term: "Authenticity", value: "Verified" },
    {
      icon: "truck",
      term: "Shipping",
      value: (
        <Link to="/shipping" className="underline-offset-4 hover:underline">
          {STORE_SHIPPING}
        </Link>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm">
        <ol className="crumbs">
          <li>
            <Link to="/products">Shop</Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={`/products?category=${encodeURIComponent(product.category)}`}>
              {product.category}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-foreground min-w-0 truncate">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <PhotoGallery
          photos={loaderData.photos}
          altOf={(i) => `${product.name}, photo ${i + 1}`}
          fallback={
            <ProductImage
              product={product}
              loading="eager"
              fetchPriority="high"
              className="w-full rounded-2xl border"
            />
          }
        />

        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <ProductRarityBadge rarity={product.rarity} />
            <span className="text-muted-foreground text-sm">{product.category}</span>
          </div>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {product.name}
          </h1>
          <Rating rating={product.rating} reviewCount={product.reviewCount} />
          <Price
            priceCents={product.priceCents}
            compareAtCents={product.compareAtCents}
            className="text-3xl"
          />
          <p className="text-muted-foreground leading-relaxed">{product.description}</p>
          <StockStatus stock={product.stock} />

          <div className="flex flex-wrap gap-3">
            <AddToCartButton
              productId={product.id}
              stock={product.stock}
              signedIn={wishlisted !== null}
              size="lg"
              className="flex-1"
            />
            <WishlistToggle
              productId={product.id}
              productName={product.name}
              wishlisted={wishlisted}
              labelled
            />
          </div>

          <dl className="product-facts">
            {details.map(({ icon, term, value }) => (
              <div key={term}>
                <dt>
                  <Icon name={icon} className="size-5" />
                  {term}
                </dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{notFound ? NOT_FOUND : "Something went wrong"}</h1>
      <p className="text-muted-foreground mt-3">
        {notFound
          ? "We could not find this collectible. It may have sold or never existed."
          : "We could not load this collectible. Please try again in a moment."}
      </p>
      <Button asChild className="mt-8">
        <Link to="/products">Back to Shop</Link>
      </Button>
    </div>
  );
}
