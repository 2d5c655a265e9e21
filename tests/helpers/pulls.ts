import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import { buybackOffers, redemptions } from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import type { Pull } from "~/lib/domain/packs";
import { as, type Collector } from "./commerce";
import type { TestDatabase } from "./db";
import { cardRow } from "./market";
import { asAt, fundedCollector, makePack } from "./packs";

/**
 * One pack for a test file's vault tests, made before its tests (priced `priceCents`, default
 * $25, with `availableCount` units, default 1,000: {@link makePack}), and the pulls from it.
 */
export function packPullsForFile(
  db: TestDatabase,
  {
    priceCents = 2_500,
    availableCount = 1_000,
  }: { priceCents?: number; availableCount?: number } = {},
) {
  const pack = { id: 0 };
  beforeAll(async () => {
    pack.id = await makePack(db, { priceCents, availableCount });
  });
  /** `user` opens one pack at `now` (default the real clock). */
  const pullAt = (user: Collector, now?: Date): Promise<Pull> =>
    openPack(now ? asAt(db, user, now) : as(db, user), {
      packId: pack.id,
      idempotencyKey: randomUUID(),
    });
  return {
    pack,
    pullAt,
    /** The pack's initial stock, for the ledger checker. */
    stock: () => new Map([[pack.id, availableCount]]),
    /** A new collector who opened one pack (at `now`, default the real clock) and has $0 left. */
    async collectorWithPull(now?: Date): Promise<{ user: Collector; pull: Pull }> {
      const user = await fundedCollector(db, priceCents);
      return { user, pull: await pullAt(user, now) };
    },
  };
}

/**
 * `count` openings of `packId` by `user`, all started at once, each under its own idempotency key
 * (the race tests settle or await them together).
 */
export const openingsAtOnce = (
  db: TestDatabase,
  user: Collector,
  packId: number,
  count: number,
): Promise<Pull>[] =>
  Array.from({ length: count }, () =>
    openPack(as(db, user), { packId, idempotencyKey: randomUUID() }),
  );

/**
 * Readers of what a pull leaves on `db` (docs/product/vault.md): its vault card and its buyback
 * offer by id (the row, or undefined typed away when there is none), and a card's redemption
 * requests.
 */
export const pullRows = (db: TestDatabase) => ({
  cardRow: (id: number) => cardRow(db, id),
  offerRow: async (id: number) =>
    (await db.db.select().from(buybackOffers).where(eq(buybackOffers.id, id)))[0]!,
  redemptionsOf: (cardId: number) =>
    db.db.select().from(redemptions).where(eq(redemptions.cardId, cardId)),
});
