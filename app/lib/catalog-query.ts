import { z } from "zod";
import {
  CATALOG_CATEGORIES,
  CATALOG_CONDITIONS,
  DEFAULT_SORT,
  PRICE_FILTER,
  SORT_OPTIONS,
  type SortOption,
} from "./catalog";

// Apart from ./catalog.ts (the shop's words) so that a page showing the shop's options does not
// load Zod in the browser (docs/decisions/023-page-weight.md).

/** A repeated query parameter as a list of allowed values; unknown values are dropped one by one. */
const anyOf = <const T extends readonly [string, ...string[]]>(allowed: T) =>
  z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.string())
      .transform((values) =>
        [...new Set(values)].filter((v): v is T[number] =>
          (allowed as readonly string[]).includes(v),
        ),
      ),
  );

const dollars = z.coerce.number().int().min(PRICE_FILTER.min).max(PRICE_FILTER.max);

/**
 * The shop's URL query (`/products?q=&min=&max=&condition=&category=&sort=&page=`).
 * Unknown or malformed values fall back to their defaults instead of failing, so a hand-edited
 * link still shows a page; `min`/`max` are whole dollars.
 */
export const catalogQuerySchema = z.object({
  q: z
    .string()
    .transform((q) => q.trim().slice(0, 100))
    .catch(""),
  min: dollars.catch(PRICE_FILTER.min),
  max: dollars.catch(PRICE_FILTER.max),
  condition: anyOf(CATALOG_CONDITIONS).catch([]),
  category: anyOf(CATALOG_CATEGORIES).catch([]),
  sort: z
    .enum(SORT_OPTIONS.map((o) => o.value) as [SortOption, ...SortOption[]])
    .catch(DEFAULT_SORT),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  view: z.enum(["grid", "list"]).catch("grid"),
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
