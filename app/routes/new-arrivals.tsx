import type { Route } from "./+types/new-arrivals";
import { listNewArrivals } from "~/.server/catalog/products";
import { collectionLoader } from "./+shop/collection-loader.server";
import {
  COLLECTION_PAGES,
  CollectionPage,
  collectionPageMeta,
} from "~/components/shop/collection-pages";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

export const loader = collectionLoader(listNewArrivals);

export const meta: Route.MetaFunction = () => collectionPageMeta(COLLECTION_PAGES.newArrivals);

/** /new-arrivals (docs/product/catalogue.md "Products"): the 6 newest products. */
export default function NewArrivals({ loaderData }: Route.ComponentProps) {
  return <CollectionPage page={COLLECTION_PAGES.newArrivals} data={loaderData} />;
}
