import type { Route } from "./+types/category";
import { listProductsInCategory } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";
import { wishlistedIds } from "~/.server/wishlist/wishlist";
import { ProductCollection } from "~/components/shop/product-collection";
import { categoryTitle } from "~/lib/catalog";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  const products = await listProductsInCategory(ctx, params.category);
  const wishlisted = await wishlistedIds(
    ctx,
    products.map((p) => p.id),
  );
  return { title: categoryTitle(params.category), products, wishlisted };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData?.title ?? "Category";
  return pageMeta(title, `${title} at PackVault: graded, authenticated and insured collectibles.`);
};

/** /category/{category} (docs/product/catalogue.md). */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { title, products } = loaderData;
  return (
    <ProductCollection
      title={title}
      lead={products.length > 0 ? `${products.length} items available` : undefined}
      products={products}
      wishlistedIds={loaderData.wishlisted}
      emptyText="No items found in this category yet. Check back soon!"
    />
  );
}
