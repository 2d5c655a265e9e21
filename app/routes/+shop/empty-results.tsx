import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { CatalogQuery } from "~/lib/catalog-query";
import { catalogSearch, clearedSearch, isFiltered } from "./catalog-search";

/** No items: past the last page (link to it), or nothing matches (link that clears filters). */
export function EmptyResults({
  query,
  total,
  pageCount,
}: {
  query: CatalogQuery;
  total: number;
  pageCount: number;
}) {
  return (
    <div className="bg-surface flex flex-col items-center gap-4 rounded-xl border border-dashed p-10 text-center">
      {total > 0 ? (
        <>
          <p className="text-muted-foreground">This page is past the end of the results.</p>
          <Button asChild variant="outline">
            <Link to={`/products${catalogSearch(query, { page: pageCount })}`}>
              Go to the last page
            </Link>
          </Button>
        </>
      ) : (
        <>
          <p className="text-muted-foreground">
            No collectibles match {isFiltered(query) ? "your search and filters" : "yet"}.
          </p>
          <Button asChild variant="outline">
            <Link to={`/products${clearedSearch(query)}`}>Clear filters</Link>
          </Button>
        </>
      )}
    </div>
  );
}
