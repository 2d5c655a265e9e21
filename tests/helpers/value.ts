import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { slabs, userCards } from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import { as } from "./commerce";
import type { TestDatabase } from "./db";
import { fundedCollector, makePack } from "./packs";

/**
 * A collector's pull from a fresh $25 pack whose pool's slabs are all of one fresh catalogue
 * card (no comps yet): the owner, the vault card's id, its slab (whose `cardId` is the
 * catalogue card) and the opening's result.
 */
export async function pullOfFreshCard(db: TestDatabase) {
  const packId = await makePack(db, {
    priceCents: 2_500,
    pool: { common: 3 },
    rarityDistribution: { common: 100, uncommon: 0, rare: 0, legendary: 0 },
  });
  const owner = await fundedCollector(db, 2_500);
  const opened = await openPack(as(db, owner), { packId, idempotencyKey: randomUUID() });
  const [card] = await db.db.select().from(userCards).where(eq(userCards.id, opened.card.id));
  const [slab] = await db.db.select().from(slabs).where(eq(slabs.id, card!.slabId!));
  return { owner, cardId: opened.card.id, slab: slab!, pull: opened };
}
