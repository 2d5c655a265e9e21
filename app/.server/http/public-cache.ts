/**
 * How long a shared cache (a CDN or the reverse proxy) may keep a public, visitor-independent
 * response, in seconds; browsers revalidate every time (max-age=0).
 */
export const PUBLIC_TTL_SECONDS = 60;

/** The Cache-Control of a public response: `public, max-age=0, s-maxage=<ttl>`. */
export const publicCacheControl = (ttlSeconds = PUBLIC_TTL_SECONDS): string =>
  `public, max-age=0, s-maxage=${ttlSeconds}`;
