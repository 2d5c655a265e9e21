import type { Route } from "./+types/new-arrivals";
import { listNewArrivals } from "~/.server/catalog/products";
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
  return withWishlistState(ctx, await listNewArrivals(ctx));
}

export const meta: Route.MetaFunction = () => collectionPageMeta(COLLECTION_PAGES.newArrivals);

/** /new-arrivals (docs/product/catalogue.md "Products"): the 6 newest products. */
export default function NewArrivals({ loaderData }: Route.ComponentProps) {
  return <CollectionPage page={COLLECTION_PAGES.newArrivals} data={loaderData} />;
}
