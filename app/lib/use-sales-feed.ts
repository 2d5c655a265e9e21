import { useEffect, useMemo, useState } from "react";
import type { LatestSale } from "~/lib/domain/activity";
import { listenShared } from "~/lib/shared-event-source";
import type { SaleEvent } from "~/lib/domain/activity";

/** The live sales stream (routes/live.sales.ts): `event: sale` with a {@link SaleEvent}. */
export const SALES_FEED_URL = "/live/sales";

const RARITIES = new Set(["common", "uncommon", "rare", "legendary"]);

/** A sale read from the stream, or null for anything that is not one (never trusted blindly). */
export function parseSaleEvent(data: string): LatestSale | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const sale = value as Partial<Record<keyof SaleEvent, unknown>>;
  const soldAt = typeof sale.soldAt === "string" ? new Date(sale.soldAt) : null;
  if (
    typeof sale.id !== "number" ||
    typeof sale.cardName !== "string" ||
    typeof sale.category !== "string" ||
    typeof sale.salePriceCents !== "number" ||
    !(sale.rarity === null || (typeof sale.rarity === "string" && RARITIES.has(sale.rarity))) ||
    !(sale.cardId === null || sale.cardId === undefined || Number.isInteger(sale.cardId)) ||
    !soldAt ||
    Number.isNaN(soldAt.getTime())
  ) {
    return null;
  }
  return {
    id: sale.id,
    cardName: sale.cardName,
    category: sale.category,
    rarity: sale.rarity as LatestSale["rarity"],
    salePriceCents: sale.salePriceCents,
    soldAt,
    cardId: typeof sale.cardId === "number" ? sale.cardId : null,
  };
}

/**
 * `sales` newest first (by sale time, then id), each id once, at most `limit`: what the Latest
 * Sales card shows from the server's list and the sales that arrived live.
 */
export function mergeSales(sales: readonly LatestSale[], limit: number): LatestSale[] {
  const byId = new Map<number, LatestSale>();
  for (const sale of sales) if (!byId.has(sale.id)) byId.set(sale.id, sale);
  return [...byId.values()]
    .sort((a, b) => b.soldAt.getTime() - a.soldAt.getTime() || b.id - a.id)
    .slice(0, limit);
}

/**
 * The Latest Sales list kept live (docs/product/rewards.md): starts from the loader's `initial` list
 * (server-rendered), then listens to {@link SALES_FEED_URL} (one stream per browser, shared by
 * its tabs: app/lib/shared-event-source.ts) and puts each new sale first, de-duplicated by id,
 * keeping `limit`. The browser reconnects a dropped stream by itself (the server sets `retry`);
 * if it gives up (an error answer), a new one is opened later. Nothing is shown about the
 * connection: a drop only pauses the updates. The stream closes when the component unmounts.
 * @returns the sales to show, and `latest`: the newest sale that arrived live (to announce), or
 * null before any.
 */
export function useSalesFeed(
  initial: readonly LatestSale[],
  limit: number,
): { sales: LatestSale[]; latest: LatestSale | null } {
  const [live, setLive] = useState<LatestSale[]>([]);
  const [latest, setLatest] = useState<LatestSale | null>(null);

  useEffect(
    () =>
      listenShared(SALES_FEED_URL, ["sale"], ({ data }) => {
        const sale = parseSaleEvent(data);
        if (!sale) return;
        setLive((previous) =>
          previous.some((known) => known.id === sale.id)
            ? previous
            : mergeSales([sale, ...previous], limit),
        );
        setLatest(sale);
      }),
    [limit],
  );

  const sales = useMemo(() => mergeSales([...live, ...initial], limit), [live, initial, limit]);
  return { sales, latest };
}

/**
 * The time to tell relative times against: the server's `serverNow` while hydrating (so the
 * text matches the server's), then the browser's clock corrected by how far it was from the
 * server's at load, ticking every `everyMs` so '2 minutes ago' keeps up.
 */
export function useTickingNow(serverNow: Date, everyMs = 30_000): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const skew = serverNow.getTime() - Date.now();
    const tick = () => setNow(new Date(Date.now() + skew));
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [serverNow, everyMs]);
  return now;
}
