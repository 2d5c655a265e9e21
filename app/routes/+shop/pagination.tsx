import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import type { CatalogQuery } from "~/lib/catalog";
import { catalogSearch } from "./catalog-search";

/**
 * The page numbers to show: the first, the last and two either side of the current one,
 * with null where a run is left out: pageWindow(7, 12) = [1, null, 5, 6, 7, 8, 9, null, 12].
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

const itemClass = "flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-sm";

function PageLink({
  query,
  page,
  children,
  label,
  current = false,
}: {
  query: CatalogQuery;
  page: number;
  children: ReactNode;
  /** Accessible name when the visible text is only a number. */
  label?: string;
  current?: boolean;
}) {
  return (
    <Link
      to={`/products${catalogSearch(query, { page })}`}
      aria-label={label}
      aria-current={current ? "page" : undefined}
      className={cn(
        itemClass,
        current ? "bg-accent text-accent-foreground font-semibold" : "hover:bg-surface-2 border",
      )}
    >
      {children}
    </Link>
  );
}

/**
 * Previous / page numbers / Next for the shop; every link keeps the search, filters, sort and
 * view. Previous and Next are shown disabled at the ends.
 */
export function Pagination({ query, pageCount }: { query: CatalogQuery; pageCount: number }) {
  if (pageCount <= 1 && query.page <= 1) return null;
  const { page } = query;
  const disabled = cn(itemClass, "text-muted-foreground border opacity-50");
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <PageLink query={query} page={Math.min(page - 1, pageCount)}>
              <ChevronLeft className="size-4" aria-hidden="true" /> Previous
            </PageLink>
          ) : (
            <span aria-disabled="true" className={disabled}>
              <ChevronLeft className="size-4" aria-hidden="true" /> Previous
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="text-muted-foreground px-1">
              &hellip;
            </li>
          ) : (
            <li key={n}>
              <PageLink query={query} page={n} label={`Page ${n}`} current={n === page}>
                {n}
              </PageLink>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <PageLink query={query} page={page + 1}>
              Next <ChevronRight className="size-4" aria-hidden="true" />
            </PageLink>
          ) : (
            <span aria-disabled="true" className={disabled}>
              Next <ChevronRight className="size-4" aria-hidden="true" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
