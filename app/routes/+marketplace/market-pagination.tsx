import { Pagination } from "~/components/ui/pagination";
import { marketSearch, type MarketQuery } from "./market-query";

/**
 * Previous / page numbers / Next when the listings fill more than one page; every link keeps
 * the search, sort and grid size.
 */
export function MarketPagination({
  query,
  page,
  pageCount,
}: {
  query: MarketQuery;
  page: number;
  pageCount: number;
}) {
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hrefFor={(n) => `/marketplace${marketSearch(query, { page: n, cardId: null })}`}
      className="mt-8"
    />
  );
}
