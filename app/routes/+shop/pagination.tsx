import { Pagination as PageLinks } from "~/components/ui/pagination";
import type { CatalogQuery } from "~/lib/catalog-query";
import { catalogSearch } from "./catalog-search";

/** Previous / page numbers / Next for the shop; every link keeps the search, filters, sort and view. */
export function Pagination({ query, pageCount }: { query: CatalogQuery; pageCount: number }) {
  return (
    <PageLinks
      page={query.page}
      pageCount={pageCount}
      hrefFor={(page) => `/products${catalogSearch(query, { page })}`}
      className="mt-8"
    />
  );
}
