import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { LatestSale } from "~/lib/domain/activity";
import type { SaleEvent } from "~/lib/domain/activity";

/** The Redis channel every instance publishes sales on and listens to (docs/product/rewards.md). */
export const SALES_CHANNEL = "packvault:sales";
/**
 * What a live signal is about, and the Redis channel it travels on: `inbox` carries a user id
 * ("this user's inbox changed": the bell's live count), `auction` an auction id ("its price,
 * end, history or status changed": the auction page, docs/product/market.md "Auctions").
 */
export const SIGNAL_CHANNELS = {
  inbox: "packvault:inbox",
  auction: "packvault:auction",
} as const;

export type SignalTopic = keyof typeof SIGNAL_CHANNELS;

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
   * Says that the `topic` thing `key` changed (a user's inbox, an auction), on every instance
   * (the same pub/sub as the sales; a Redis outage is logged, never thrown).
   */
  signal(topic: SignalTopic, key: string): Promise<void>;
  /**
   * Calls `listener.changed` whenever the `topic` thing `key` changes, and `listener.closed`
   * when the feed closes; returns the unsubscribe.
   */
  watch(topic: SignalTopic, key: string, listener: SignalListener): () => void;
};

export type SignalListener = { changed(): void; closed(): void };

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
  const watch = (topic: SignalTopic, key: string, listener: SignalListener) => {
    const onSignal = (signalled: string) => signalled === key && listener.changed();
    const onClose = () => listener.closed();
    local.on(topic, onSignal);
    local.on("close", onClose);
    return () => {
      local.off(topic, onSignal);
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
      signal: async (topic, key) => void local.emit(topic, key),
      watch,
    };
  }

  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on("error", (error) => log.warn({ err: error }, "sales feed redis error"));
  }
  const topicOf = new Map<string, SignalTopic>(
    Object.entries(SIGNAL_CHANNELS).map(([topic, channel]) => [channel, topic as SignalTopic]),
  );
  subscriber.on("message", (channel: string, message: string) => {
    const topic = topicOf.get(channel);
    if (topic) local.emit(topic, message);
    else deliver(message);
  });
  let subscribed: Promise<unknown> | null = null;
  const signalsSubscribed = new Map<SignalTopic, Promise<unknown>>();
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
    async signal(topic, key) {
      try {
        await publisher.publish(SIGNAL_CHANNELS[topic], key);
      } catch (error) {
        log.warn({ err: error, topic }, "could not publish a live signal");
      }
    },
    watch(topic, key, listener) {
      if (!signalsSubscribed.has(topic)) {
        signalsSubscribed.set(
          topic,
          subscriber.subscribe(SIGNAL_CHANNELS[topic]).catch((error) => {
            signalsSubscribed.delete(topic);
            log.warn({ err: error, topic }, "could not subscribe to live signals");
          }),
        );
      }
      return watch(topic, key, listener);
    },
    async close() {
      end();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
