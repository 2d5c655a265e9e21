import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { LatestSale } from "~/lib/domain/activity";
import type { SaleEvent } from "~/lib/domain/activity";

/** The Redis channel every instance publishes sales on and listens to (docs/product/rewards.md). */
export const SALES_CHANNEL = "packvault:sales";
/** The channel on which a user id says "this user's inbox changed" (the bell's live count). */
export const INBOX_CHANNEL = "packvault:inbox";

/**
 * The live sales feed (docs/product/rewards.md): a sale published on any instance reaches every
 * subscriber on every instance. With `redisUrl` the events go through Redis pub/sub (one
 * subscriber connection per instance, not per browser); otherwise through an in-process
 * emitter. Subscribers hold no database connection.
 */
export type SalesFeed = {
  /** Announces a committed sale; a Redis outage is logged, never thrown (the sale stands). */
  publish(sale: LatestSale): Promise<void>;
  /**
   * Calls `listener.sale` for every sale from now on, and `listener.closed` when the feed
   * closes (the server is stopping); returns the unsubscribe function.
   */
  subscribe(listener: SalesListener): () => void;
  /** Ends every subscription (their `closed` runs) and the Redis connections. */
  close(): Promise<void>;
  /**
   * Says that `userId`'s notifications changed, on every instance (the same pub/sub as the
   * sales; a Redis outage is logged, never thrown).
   */
  signalInbox(userId: string): Promise<void>;
  /** Calls `listener.changed` whenever `userId`'s notifications change; returns the unsubscribe. */
  watchInbox(userId: string, listener: InboxListener): () => void;
};

export type InboxListener = { changed(): void; closed(): void };

export type SalesListener = { sale(sale: SaleEvent): void; closed(): void };

export function createSalesFeed({ redisUrl, log }: { redisUrl?: string; log: Logger }): SalesFeed {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (message: string) => {
    try {
      local.emit("sale", JSON.parse(message) as SaleEvent);
    } catch (error) {
      log.warn({ err: error }, "unreadable sales feed message");
    }
  };
  const listen = (listener: SalesListener) => {
    const onSale = (sale: SaleEvent) => listener.sale(sale);
    const onClose = () => listener.closed();
    local.on("sale", onSale);
    local.on("close", onClose);
    return () => {
      local.off("sale", onSale);
      local.off("close", onClose);
    };
  };
  const watch = (userId: string, listener: InboxListener) => {
    const onInbox = (id: string) => id === userId && listener.changed();
    const onClose = () => listener.closed();
    local.on("inbox", onInbox);
    local.on("close", onClose);
    return () => {
      local.off("inbox", onInbox);
      local.off("close", onClose);
    };
  };
  const end = () => {
    local.emit("close");
    local.removeAllListeners();
  };
  const toMessage = (sale: LatestSale) =>
    JSON.stringify({ ...sale, soldAt: new Date(sale.soldAt).toISOString() } satisfies SaleEvent);

  if (!redisUrl) {
    return {
      publish: async (sale) => deliver(toMessage(sale)),
      subscribe: listen,
      close: async () => end(),
      signalInbox: async (userId) => void local.emit("inbox", userId),
      watchInbox: watch,
    };
  }

  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on("error", (error) => log.warn({ err: error }, "sales feed redis error"));
  }
  subscriber.on("message", (channel: string, message: string) =>
    channel === INBOX_CHANNEL ? local.emit("inbox", message) : deliver(message),
  );
  let subscribed: Promise<unknown> | null = null;
  let inboxSubscribed: Promise<unknown> | null = null;
  return {
    async publish(sale) {
      try {
        await publisher.publish(SALES_CHANNEL, toMessage(sale));
      } catch (error) {
        log.warn({ err: error }, "could not publish a sale to the live feed");
      }
    },
    subscribe(listener) {
      subscribed ??= subscriber.subscribe(SALES_CHANNEL).catch((error) => {
        subscribed = null;
        log.warn({ err: error }, "could not subscribe to the live feed");
      });
      return listen(listener);
    },
    async signalInbox(userId) {
      try {
        await publisher.publish(INBOX_CHANNEL, userId);
      } catch (error) {
        log.warn({ err: error }, "could not publish an inbox signal");
      }
    },
    watchInbox(userId, listener) {
      inboxSubscribed ??= subscriber.subscribe(INBOX_CHANNEL).catch((error) => {
        inboxSubscribed = null;
        log.warn({ err: error }, "could not subscribe to inbox signals");
      });
      return watch(userId, listener);
    },
    async close() {
      end();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
