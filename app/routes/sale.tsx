import type { Route } from "./+types/sale";
import { listSaleProducts } from "~/.server/catalog/products";
import { requestCtx } from "~/.server/request-context";
import { withWishlistState } from "~/.server/wishlist/wishlist";
import {
  COLLECTION_PAGES,
  CollectionPage,
  collectionPageMeta,
} from "~/components/shop/collection-pages";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  return withWishlistState(ctx, await listSaleProducts(ctx));
}

export const meta: Route.MetaFunction = () => collectionPageMeta(COLLECTION_PAGES.sale);

/** /sale (docs/product/rewards.md): 6 products with a former price, both prices shown. */
export default function Sale({ loaderData }: Route.ComponentProps) {
  return <CollectionPage page={COLLECTION_PAGES.sale} data={loaderData} />;
}
