import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Ctx } from "../context";
import type { PageStore } from "./store";

/** The Redis channel on which every instance announces the tags it invalidated. */
export const PAGES_CHANNEL = "packvault:pages";

/** The message a cluster worker sends its primary, which passes it to the other workers. */
export type ClusterInvalidation = { packvaultPages: string[] };

/** Whether a process message is a {@link ClusterInvalidation}. */
export function isClusterInvalidation(message: unknown): message is ClusterInvalidation {
  return (
    typeof message === "object" &&
    message !== null &&
    Array.isArray((message as ClusterInvalidation).packvaultPages)
  );
}

/** One instance's side of page invalidation: its store, and the fan-out to the others. */
export type PageInvalidation = {
  /**
   * Drops the pages carrying any of `tags` here, and announces them to every other instance
   * (Redis pub/sub with `redisUrl`, else the cluster primary when this is a worker). A Redis
   * outage is logged, never thrown: the write that invalidates has committed; the other
   * instances then serve the old page until its time to live ends.
   */
  invalidate(tags: readonly string[]): Promise<void>;
  /** Resolves once this instance listens for the others' invalidations. */
  ready: Promise<void>;
  /** Stops listening and closes the Redis connections. */
  close(): Promise<void>;
};

/**
 * Connects `store` to the other instances (docs/decisions/014-page-cache-and-nonces.md).
 * With `redisUrl`: publishes `{ from, tags }` on {@link PAGES_CHANNEL} and applies every
 * message from another instance. Without it, in a `node:cluster` worker: sends the tags to the
 * primary (server.js relays them to the other workers) and applies what the primary relays.
 * `channel` is for tests sharing one Redis.
 */
export function createPageInvalidation({
  store,
  redisUrl,
  log,
  channel = PAGES_CHANNEL,
}: {
  store: PageStore;
  redisUrl?: string;
  log: Logger;
  channel?: string;
}): PageInvalidation {
  const instance = randomUUID();
  if (!redisUrl) {
    const worker = cluster.isWorker && typeof process.send === "function";
    const onMessage = (message: unknown) => {
      if (isClusterInvalidation(message)) store.invalidate(message.packvaultPages);
    };
    if (worker) process.on("message", onMessage);
    return {
      async invalidate(tags) {
        store.invalidate(tags);
        if (worker) process.send?.({ packvaultPages: [...tags] } satisfies ClusterInvalidation);
      },
      ready: Promise.resolve(),
      async close() {
        if (worker) process.off("message", onMessage);
      },
    };
  }

  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on("error", (error) => log.warn({ err: error }, "page cache redis error"));
  }
  subscriber.on("message", (_channel, message: string) => {
    try {
      const { from, tags } = JSON.parse(message) as { from: string; tags: string[] };
      if (from !== instance && Array.isArray(tags)) store.invalidate(tags);
    } catch (error) {
      log.warn({ err: error }, "unreadable page invalidation");
    }
  });
  const ready = subscriber.subscribe(channel).then(
    () => undefined,
    (error: unknown) => log.warn({ err: error }, "could not subscribe to page invalidations"),
  );
  return {
    async invalidate(tags) {
      store.invalidate(tags);
      try {
        await publisher.publish(channel, JSON.stringify({ from: instance, tags }));
      } catch (error) {
        log.warn({ err: error, tags }, "could not announce a page invalidation");
      }
    },
    ready,
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

const registered = new Set<PageInvalidation>();

/**
 * Makes {@link invalidatePages} reach `invalidation` (the server registers its own at start);
 * returns the function that undoes it.
 */
export function registerPageInvalidation(invalidation: PageInvalidation): () => void {
  registered.add(invalidation);
  return () => registered.delete(invalidation);
}

/**
 * Invalidates the cached pages carrying any of `tags` (words from `pageTags`, app/lib/page-cache.ts)
 * on this instance and every other. Domain writes call it after their transaction commits
 * (`ctx.afterCommit`), never before: a page rendered between an early invalidation and the
 * commit would show the old state again. Does nothing when no cache is running (tests, dev).
 */
export async function invalidatePages(tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  await Promise.all([...registered].map((invalidation) => invalidation.invalidate(tags)));
}

/**
 * Registers in the transaction under way (`ctx.afterCommit`) the invalidation of the cached
 * pages carrying any of `tags`: it runs once the transaction commits, never on a rollback.
 */
export function invalidatePagesAfterCommit(
  ctx: Pick<Ctx, "afterCommit">,
  tags: readonly string[],
): void {
  ctx.afterCommit(() => invalidatePages(tags));
}
