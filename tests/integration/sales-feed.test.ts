import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createSalesFeed, type SalesFeed } from "~/.server/sales-feed";
import type { SaleEvent } from "~/lib/domain/activity";
import type { LatestSale } from "~/lib/domain/activity";
import { loader as auctionLive } from "~/routes/auctions.$id.live";
import { loader as liveSales } from "~/routes/live.sales";

const log = pino({ level: "silent" });
const feeds: SalesFeed[] = [];
afterEach(async () => {
  await Promise.all(feeds.splice(0).map((feed) => feed.close()));
});

const sale = (id: number): LatestSale => ({
  id,
  cardName: "Charizard",
  category: "Pokemon",
  rarity: "legendary",
  salePriceCents: 12_500,
  soldAt: new Date("2026-11-23T10:00:00Z"),
  cardId: 4,
});

/** The next signal `feed` delivers for auction `key`, or a timeout. */
function nextAuctionSignal(feed: SalesFeed, key: string, timeoutMs = 3_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no signal arrived")), timeoutMs);
    const stop = feed.watch("auction", key, {
      changed: () => {
        clearTimeout(timer);
        stop();
        resolve();
      },
      closed: () => {},
    });
  });
}

/** The next sale `feed` delivers, or a timeout. */
function nextSale(feed: SalesFeed, timeoutMs = 3_000): Promise<SaleEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no sale arrived")), timeoutMs);
    const stop = feed.subscribe({
      sale: (event) => {
        clearTimeout(timer);
        stop();
        resolve(event);
      },
      closed: () => {},
    });
  });
}

describe("live sales feed", () => {
  it("delivers a published sale to subscribers in process, dates as ISO strings", async () => {
    const feed = createSalesFeed({ log });
    feeds.push(feed);
    const arriving = nextSale(feed);
    await feed.publish(sale(1));
    expect(await arriving).toEqual({ ...sale(1), soldAt: "2026-11-23T10:00:00.000Z" });
  });

  it("streams sales as Server-Sent Events and ends the stream when the feed closes", async () => {
    const feed = createSalesFeed({ log });
    const controller = new AbortController();
    const response = liveSales({
      request: new Request("http://localhost/live/sales", { signal: controller.signal }),
      context: { salesFeed: feed },
      params: {},
    } as unknown as Parameters<typeof liveSales>[0]);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain("retry: 2000");
    await feed.publish(sale(7));
    const event = decoder.decode((await reader.read()).value);
    expect(event).toMatch(/^event: sale\ndata: \{.*"id":7.*\}\n\n$/);
    await feed.close();
    expect((await reader.read()).done).toBe(true);
  });

  it("streams one auction's signals, not another's, and refuses an id that is not one", async () => {
    const feed = createSalesFeed({ log });
    feeds.push(feed);
    const response = auctionLive({
      request: new Request("http://localhost/auctions/5/live"),
      context: { salesFeed: feed },
      params: { id: "5" },
    } as unknown as Parameters<typeof auctionLive>[0]);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain("retry: 2000");
    await feed.signal("auction", "6");
    await feed.signal("inbox", "5");
    await feed.signal("auction", "5");
    expect(decoder.decode((await reader.read()).value)).toBe("event: auction\ndata: changed\n\n");
    await feed.close();
    expect((await reader.read()).done).toBe(true);

    const bad = auctionLive({
      request: new Request("http://localhost/auctions/x/live"),
      context: { salesFeed: feed },
      params: { id: "x" },
    } as unknown as Parameters<typeof auctionLive>[0]);
    expect(bad.status).toBe(404);
  });

  // Defined where a Redis server is given (CI sets TEST_REDIS_URL, like TEST_DATABASE_URL).
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl)
    it("carries a sale from one instance to another through Redis", async () => {
      const a = createSalesFeed({ redisUrl, log });
      const b = createSalesFeed({ redisUrl, log });
      feeds.push(a, b);
      const arriving = nextSale(b);
      // The subscriber connects lazily: give it a moment before publishing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await a.publish(sale(42));
      expect((await arriving).id).toBe(42);
    });

  if (redisUrl)
    it("carries an auction's signal from one instance to another through Redis", async () => {
      const a = createSalesFeed({ redisUrl, log });
      const b = createSalesFeed({ redisUrl, log });
      feeds.push(a, b);
      const arriving = nextAuctionSignal(b, "9");
      // The subscriber connects lazily: give it a moment before publishing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await a.signal("auction", "9");
      await expect(arriving).resolves.toBeUndefined();
    });
});
