import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { marketSearch, type MarketQuery } from "./market-query";

const itemClass = "flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-sm";

/** The page numbers shown: the first, the last and two either side of `page`; null is a gap. */
function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

function PageLink({
  query,
  page,
  label,
  current = false,
  children,
}: {
  query: MarketQuery;
  page: number;
  label?: string;
  current?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={`/marketplace${marketSearch(query, { page, cardId: null })}`}
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
  if (pageCount <= 1) return null;
  const disabled = cn(itemClass, "text-muted-foreground border opacity-50");
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <PageLink query={query} page={page - 1}>
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
