import { DEFAULT_SORT, PRICE_FILTER } from "~/lib/catalog";
import type { CatalogQuery } from "~/lib/catalog-query";

/**
 * The query string ("?..." or "") of a shop view: `query` with `patch` applied, leaving out
 * every value that is the default, so links stay short and one view has one URL. `page`
 * resets to 1 unless the patch sets it.
 */
export function catalogSearch(query: CatalogQuery, patch: Partial<CatalogQuery> = {}): string {
  const next = { ...query, page: 1, ...patch };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.min !== PRICE_FILTER.min) params.set("min", String(next.min));
  if (next.max !== PRICE_FILTER.max) params.set("max", String(next.max));
  for (const condition of next.condition) params.append("condition", condition);
  for (const category of next.category) params.append("category", category);
  if (next.sort !== DEFAULT_SORT) params.set("sort", next.sort);
  if (next.view !== "grid") params.set("view", next.view);
  if (next.page !== 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The query string of `query` without its search and filters (sort and view stay). */
export function clearedSearch(query: CatalogQuery): string {
  return catalogSearch(query, {
    q: "",
    min: PRICE_FILTER.min,
    max: PRICE_FILTER.max,
    condition: [],
    category: [],
  });
}

/**
 * The shop view a filter form describes, as {@link catalogSearch} writes it (page 1). The query
 * parser (Zod Mini) is loaded on first use, not with the page (docs/decisions/023-page-weight.md).
 */
export async function catalogSearchFromForm(form: HTMLFormElement): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") params.append(key, value);
  }
  const { parseCatalogQuery } = await import("~/lib/catalog-query");
  return catalogSearch(parseCatalogQuery(params));
}

/** Whether any filter or search narrows the list (sort, view and page do not). */
export function isFiltered(query: CatalogQuery): boolean {
  return (
    query.q !== "" ||
    query.min !== PRICE_FILTER.min ||
    query.max !== PRICE_FILTER.max ||
    query.condition.length > 0 ||
    query.category.length > 0
  );
}
