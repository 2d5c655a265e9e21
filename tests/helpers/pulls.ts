import { randomUUID } from "node:crypto";
import { beforeAll } from "vitest";
import { openPack } from "~/.server/packs/opening";
import type { Pull } from "~/lib/domain/packs";
import { as, type Collector } from "./commerce";
import type { TestDatabase } from "./db";
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
