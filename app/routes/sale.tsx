import type { Route } from "./+types/sale";
import { listSaleProducts } from "~/.server/catalog/products";
import { collectionLoader } from "./+shop/collection-loader.server";
import {
  COLLECTION_PAGES,
  CollectionPage,
  collectionPageMeta,
} from "~/components/shop/collection-pages";
import { livePageHandle, pageTags } from "~/lib/page-cache";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(() => [pageTags.catalogue]);

export const loader = collectionLoader(listSaleProducts);

export const meta: Route.MetaFunction = () => collectionPageMeta(COLLECTION_PAGES.sale);

/** /sale (docs/product/rewards.md): 6 products with a former price, both prices shown. */
export default function Sale({ loaderData }: Route.ComponentProps) {
  return <CollectionPage page={COLLECTION_PAGES.sale} data={loaderData} />;
}
