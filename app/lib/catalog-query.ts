import * as z from "zod/mini";
import {
  CATALOG_CATEGORIES,
  CATALOG_CONDITIONS,
  DEFAULT_SORT,
  PRICE_FILTER,
  SORT_OPTIONS,
  type SortOption,
} from "./catalog";

// Apart from ./catalog.ts (the shop's words) so that a page showing the shop's options does not
// load Zod in the browser; the shop's filter form parses with it, so it is written with Zod Mini
// (tree-shaken to a few KB) rather than classic Zod (docs/decisions/023-page-weight.md).

/** A repeated query parameter as a list of allowed values; unknown values are dropped one by one. */
const anyOf = <const T extends readonly [string, ...string[]]>(allowed: T) =>
  z.pipe(
    z.pipe(
      z.transform((v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
      z.array(z.string()),
    ),
    z.transform((values) =>
      [...new Set(values)].filter((v): v is T[number] =>
        (allowed as readonly string[]).includes(v),
      ),
    ),
  );

const wholeNumber = (min: number, max: number) =>
  z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max));
const dollars = wholeNumber(PRICE_FILTER.min, PRICE_FILTER.max);

/**
 * The shop's URL query (`/products?q=&min=&max=&condition=&category=&sort=&page=`).
 * Unknown or malformed values fall back to their defaults instead of failing, so a hand-edited
 * link still shows a page; `min`/`max` are whole dollars.
 */
export const catalogQuerySchema = z.object({
  q: z.catch(
    z.pipe(
      z.string(),
      z.transform((q) => q.trim().slice(0, 100)),
    ),
    "",
  ),
  min: z.catch(dollars, PRICE_FILTER.min),
  max: z.catch(dollars, PRICE_FILTER.max),
  condition: z.catch(anyOf(CATALOG_CONDITIONS), []),
  category: z.catch(anyOf(CATALOG_CATEGORIES), []),
  // `price_asc` is read as `price-asc`: links written with underscores (the bench's, other
  // sites') reach the sort they name instead of the default one.
  sort: z.catch(
    z.pipe(
      z.transform((v: unknown) => (typeof v === "string" ? v.replaceAll("_", "-") : v)),
      z.enum(SORT_OPTIONS.map((o) => o.value) as [SortOption, ...SortOption[]]),
    ),
    DEFAULT_SORT,
  ),
  page: z.catch(wholeNumber(1, 10_000), 1),
  view: z.catch(z.enum(["grid", "list"]), "grid"),
});
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

/** Parses URLSearchParams into a {@link CatalogQuery}; never throws. */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    raw[key] = all.length > 1 ? all : all[0]!;
  }
  return catalogQuerySchema.parse(raw);
}
