import type { MarketSort } from "~/.server/market/listings";

/** The three sorts of /marketplace (docs/product/market.md), in the select's order. */
export const MARKET_SORT_OPTIONS = [
  { value: "recent", label: "Recently listed" },
  { value: "price_asc", label: "Price: Low to High" },
  { value: "price_desc", label: "Price: High to Low" },
] as const satisfies readonly { value: MarketSort; label: string }[];

/** The grid's two sizes (spec: large and small grid); large by default. */
export const MARKET_VIEWS = ["large", "compact"] as const;
export type MarketView = (typeof MARKET_VIEWS)[number];

/** Longest search kept from the URL. */
const MAX_QUERY = 100;
const MAX_ID = 2_147_483_647;

/**
 * The URL query of /marketplace: `?q=` (title or description), `?sort=`, `?page=` (1-based),
 * `?view=compact` and `?cardId=` (the vault card the create-listing dialog opens for, so a
 * reload keeps it). Anything unknown falls back to the default.
 */
export type MarketQuery = {
  q: string;
  sort: MarketSort;
  page: number;
  view: MarketView;
  cardId: number | null;
};

/** A positive integer id from a URL or form value, or null. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** Reads {@link MarketQuery} from `/marketplace?...`. */
export function parseMarketQuery(params: URLSearchParams): MarketQuery {
  const sort = MARKET_SORT_OPTIONS.find((o) => o.value === params.get("sort"))?.value ?? "recent";
  const view = MARKET_VIEWS.find((v) => v === params.get("view")) ?? "large";
  const page = parseId(params.get("page")) ?? 1;
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY),
    sort,
    page,
    view,
    cardId: parseId(params.get("cardId")),
  };
}

/**
 * The `?...` of a /marketplace URL for `query` with `changes`, leaving out defaults ("" when
 * nothing is left): marketSearch(q, { page: 2 }) keeps the search, sort and view.
 */
export function marketSearch(query: MarketQuery, changes: Partial<MarketQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.sort !== "recent") params.set("sort", next.sort);
  if (next.view !== "large") params.set("view", next.view);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.cardId !== null) params.set("cardId", String(next.cardId));
  const search = params.toString();
  return search ? `?${search}` : "";
}
