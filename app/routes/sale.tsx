import type { Route } from "./+types/sale";
import { listSaleProducts } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";
import { withWishlistState } from "~/.server/wishlist/wishlist";
import { ProductCollection } from "~/components/shop/product-collection";
import { pageMeta } from "~/lib/meta";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  return withWishlistState(ctx, await listSaleProducts(ctx));
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Sale Items", "Collectibles at reduced prices, while they last.");

/** /sale (docs/product/rewards.md): 6 products with a former price, both prices shown. */
export default function Sale({ loaderData }: Route.ComponentProps) {
  return (
    <ProductCollection
      title="Sale Items"
      lead="Reduced prices on selected collectibles, while they last."
      products={loaderData.products}
      wishlistedIds={loaderData.wishlisted}
      emptyText="Nothing is on sale right now. Check back soon!"
    />
  );
}
