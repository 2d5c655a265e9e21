/**
 * How a route declares that visitors' responses may be served from the full-page cache
 * (docs/decisions/014-page-cache-and-nonces.md). A route module opts in with
 *
 * ```
 * export const handle = { pageCache: { ttlSeconds: 30, tags: ({ id }) => [pageTags.product(id)] } };
 * ```
 *
 * and the server reads it from the build's route manifest; a route without it is never cached.
 * Only requests without a session (no cookie but `sidebar:state`) are cached, whatever the route.
 */
export type PageCachePolicy = {
  /** Seconds a stored page is served as fresh (`s-maxage`). */
  ttlSeconds: number;
  /**
   * Seconds after that during which the stale page is still served while one render refreshes
   * it in the background (`stale-while-revalidate`); default {@link DEFAULT_SWR_SECONDS}.
   */
  staleWhileRevalidateSeconds?: number;
  /**
   * The invalidation tags of the page, from the route's params: a write that changes what the
   * page shows calls `invalidatePages` with one of them (app/.server/page-cache/invalidation.ts).
   */
  tags?: (params: Readonly<Record<string, string | undefined>>) => string[];
};

/** The shape of a route module's `handle` that opts in. */
export type PageCacheHandle = { pageCache: PageCachePolicy };

/** Default `stale-while-revalidate`, seconds. */
export const DEFAULT_SWR_SECONDS = 30;

/** Pages that change only with a deploy (help, policies). */
export const STATIC_PAGE_TTL_SECONDS = 300;
/**
 * Pages showing stock, prices, listings or sales: every write that changes them invalidates
 * their tags after commit, so the time to live only bounds what an unforeseen write leaves.
 */
export const LIVE_PAGE_TTL_SECONDS = 30;

/**
 * The invalidation tags, one word per thing a page shows. A write invalidates the most precise
 * tags it knows (`product:12`) plus the lists that show the thing (`catalogue`).
 */
export const pageTags = {
  /** Every catalogue list: shop, categories, new arrivals, sale, collections, home. */
  catalogue: "catalogue",
  /** One product's page. */
  product: (id: string | number | undefined) => `product:${id ?? ""}`,
  /** Every pack list: packs, home. */
  packs: "packs",
  /** One pack's pages (detail and odds). */
  pack: (id: string | number | undefined) => `pack:${id ?? ""}`,
  /** Every marketplace list. */
  listings: "listings",
  /** One listing's page. */
  listing: (id: string | number | undefined) => `listing:${id ?? ""}`,
  /** Latest sales (home) and the leaderboard. */
  feed: "feed",
  /** The events page. */
  events: "events",
  /** One catalogue card's value page (/cards/:id): its comps, values and listings. */
  card: (id: string | number | undefined) => `card:${id ?? ""}`,
} as const;

/** A `handle` for a page that changes only with a deploy. */
export const staticPageHandle: PageCacheHandle = {
  pageCache: { ttlSeconds: STATIC_PAGE_TTL_SECONDS },
};

/** A `handle` for a live page showing the things the given tags name. */
export function livePageHandle(tags: PageCachePolicy["tags"]): PageCacheHandle {
  return { pageCache: { ttlSeconds: LIVE_PAGE_TTL_SECONDS, tags } };
}

/** Reads a route's policy from its `handle`; null when the route did not opt in. */
export function pageCachePolicy(handle: unknown): PageCachePolicy | null {
  if (typeof handle !== "object" || handle === null || !("pageCache" in handle)) return null;
  const policy = (handle as PageCacheHandle).pageCache;
  if (!policy || !(policy.ttlSeconds > 0)) return null;
  return policy;
}
