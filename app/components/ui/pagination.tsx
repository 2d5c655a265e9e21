import { Icon } from "./icon";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

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

/** `.page-item` in app.css; `aria-current="page"` marks the current page. */
const itemClass = "page-item";

function PageLink({
  to,
  label,
  current = false,
  preventScrollReset,
  children,
}: {
  to: string;
  /** Accessible name when the visible text is only a number. */
  label?: string;
  current?: boolean;
  preventScrollReset?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      preventScrollReset={preventScrollReset}
      aria-label={label}
      aria-current={current ? "page" : undefined}
      className={itemClass}
    >
      {children}
    </Link>
  );
}

/**
 * Previous / page numbers / Next as links (they work without JavaScript), built by `hrefFor`
 * so each page keeps its own search, filters and sort. Previous and Next are shown disabled at
 * the ends. Renders nothing for a single page unless `page` is past it (a stale link).
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pagination",
  preventScrollReset,
  className,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** The navigation's accessible name ('Users pages'). */
  label?: string;
  /** Keep the scroll position (a table inside a longer page). */
  preventScrollReset?: boolean;
  className?: string;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const disabled = cn(itemClass, "text-muted-foreground border opacity-50");
  const link = (
    to: number,
    children: ReactNode,
    extra: { label?: string; current?: boolean } = {},
  ) => (
    <PageLink to={hrefFor(to)} preventScrollReset={preventScrollReset} {...extra}>
      {children}
    </PageLink>
  );
  const previous = (
    <>
      <Icon name="chevron-left" className="size-4" /> Previous
    </>
  );
  const next = (
    <>
      Next <Icon name="chevron-right" className="size-4" />
    </>
  );
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            link(Math.min(page - 1, pageCount), previous)
          ) : (
            <span aria-disabled="true" className={disabled}>
              {previous}
            </span>
          )}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="text-muted-foreground px-1">
              &hellip;
            </li>
          ) : (
            <li key={n}>{link(n, n, { label: `Page ${n}`, current: n === page })}</li>
          ),
        )}
        <li>
          {page < pageCount ? (
            link(page + 1, next)
          ) : (
            <span aria-disabled="true" className={disabled}>
              {next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
