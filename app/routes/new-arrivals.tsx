import type { Route } from "./+types/new-arrivals";
import { listNewArrivals } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";
import { withWishlistState } from "~/.server/wishlist/wishlist";
import { ProductCollection } from "~/components/shop/product-collection";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  return withWishlistState(ctx, await listNewArrivals(ctx));
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "New Arrivals",
    "The newest graded cards, comics and collectibles in the PackVault shop.",
  );

/** /new-arrivals (docs/product/catalogue.md "Products"): the 6 newest products. */
export default function NewArrivals({ loaderData }: Route.ComponentProps) {
  return (
    <ProductCollection
      title="New Arrivals"
      lead="Fresh in the vault: the six newest additions to the shop."
      products={loaderData.products}
      wishlistedIds={loaderData.wishlisted}
      emptyText="No new arrivals yet. Check back soon!"
    />
  );
}
