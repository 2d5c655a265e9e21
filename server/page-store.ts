import type { Logger } from "pino";
import type { Env } from "~/.server/env";
import {
  createPageInvalidation,
  registerPageInvalidation,
} from "~/.server/page-cache/invalidation";
import { PageStore } from "~/.server/page-cache/store";

/**
 * The page cache of visitors' pages, in production when PAGE_CACHE_MB > 0 (development reloads
 * modules), with its invalidation across instances over Redis
 * (docs/decisions/014-page-cache-and-nonces.md).
 * @returns null when the cache is off; else the `store`, the `invalidation` (close it on
 * shutdown) and `unregister`, which detaches the invalidation from the domain's writes.
 */
export function openPageStore(env: Env, log: Logger) {
  if (env.NODE_ENV !== "production" || env.PAGE_CACHE_MB <= 0) return null;
  const store = new PageStore({ maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 });
  const invalidation = createPageInvalidation({ store, redisUrl: env.REDIS_URL, log });
  const unregister = registerPageInvalidation(invalidation);
  return { store, invalidation, unregister };
}

/** What {@link openPageStore} opened. */
export type PageStoreHandle = NonNullable<ReturnType<typeof openPageStore>>;
