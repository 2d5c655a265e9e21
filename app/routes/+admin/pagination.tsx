import { useLocation } from "react-router";
import { Pagination } from "~/components/ui/pagination";

/**
 * Previous / page numbers / Next under an /admin table, when it has more than one page. Each
 * link is the current URL with `?page=` (or `param`) changed, so the tab, the search and any
 * other parameter are kept; the scroll position stays.
 */
export function AdminPagination({
  page,
  pageCount,
  param = "page",
  label = "Pagination",
}: {
  page: number;
  pageCount: number;
  /** The search parameter holding the page (a tab with two paginated tables needs two). */
  param?: string;
  /** The navigation's accessible name ('Users pages'). */
  label?: string;
}) {
  const location = useLocation();
  const hrefFor = (n: number) => {
    const search = new URLSearchParams(location.search);
    if (n <= 1) search.delete(param);
    else search.set(param, String(n));
    return `${location.pathname}?${search.toString()}`;
  };
  return (
    <Pagination
      page={page}
      pageCount={pageCount}
      hrefFor={hrefFor}
      label={label}
      preventScrollReset
    />
  );
}
