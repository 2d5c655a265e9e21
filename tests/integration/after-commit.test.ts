import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LatestSale } from "~/lib/domain/activity";
import { newsletterSubscriptions, salesActivity } from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import { acceptBuyback } from "~/.server/vault/buyback";
import { databaseForFile } from "../helpers/file-setup";
import { fundedCollector, makePack } from "../helpers/packs";

const db = databaseForFile();

const subscribed = async (email: string) =>
  (
    await db.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
  ).length;

/**
 * A new collector's pull from a $25 pack of only `tier` cards, opened with a context whose live
 * sales feed records what it is told: the context, the pull and the announced sales.
 */
async function pullWithFeed(tier: "common" | "legendary") {
  const rarityDistribution = { common: 0, uncommon: 0, rare: 0, legendary: 0, [tier]: 100 };
  const packId = await makePack(db, { priceCents: 2_500, availableCount: 10, rarityDistribution });
  const user = await fundedCollector(db, 2_500);
  const published: LatestSale[] = [];
  const ctx = db.ctx({
    actor: { userId: user.id, role: "user" },
    now: new Date(),
    salesFeed: { publish: async (sale) => void published.push(sale) },
  });
  const pull = await openPack(ctx, { packId, idempotencyKey: randomUUID() });
  return { ctx, pull, published };
}

describe("ctx.afterCommit", () => {
  it("runs an effect registered in a transaction once, after the commit (the row is visible)", async () => {
    const ctx = db.ctx();
    const seen: number[] = [];
    await ctx.db.transaction(async (tx) => {
      await tx.insert(newsletterSubscriptions).values({ email: "after@example.com" });
      ctx.afterCommit(async () => {
        seen.push(await subscribed("after@example.com"));
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([1]);
  });

  it("never runs an effect of a transaction that rolls back", async () => {
    const ctx = db.ctx();
    let ran = 0;
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.insert(newsletterSubscriptions).values({ email: "rolled@example.com" });
        ctx.afterCommit(() => {
          ran += 1;
        });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(ran).toBe(0);
    expect(await subscribed("rolled@example.com")).toBe(0);
  });

  it("runs at once outside a transaction, and logs a failing effect instead of throwing", async () => {
    const ctx = db.ctx();
    let ran = 0;
    ctx.afterCommit(() => {
      ran += 1;
    });
    await Promise.resolve();
    expect(ran).toBe(1);
    await expect(
      ctx.db.transaction(async () => {
        ctx.afterCommit(() => {
          throw new Error("feed down");
        });
      }),
    ).resolves.toBeUndefined();
  });

  it("announces an accepted buyback of a rare-or-better pull on the live feed, once", async () => {
    const { ctx, pull, published } = await pullWithFeed("legendary");
    expect(published).toEqual([]);
    const accepted = await acceptBuyback(ctx, { offerId: pull.buyback.offerId });
    expect(published).toEqual([accepted.sale]);
    await expect(acceptBuyback(ctx, { offerId: pull.buyback.offerId })).rejects.toMatchObject({
      code: "no_active_offer",
    });
    expect(published).toHaveLength(1);
  });

  it("records a common pull's buyback but leaves it off the live feed", async () => {
    const { ctx, pull, published } = await pullWithFeed("common");
    const accepted = await acceptBuyback(ctx, { offerId: pull.buyback.offerId });
    expect(accepted.sale.rarity).toBe("common");
    expect(published).toEqual([]);
    const [row] = await db.db
      .select()
      .from(salesActivity)
      .where(eq(salesActivity.id, accepted.sale.id));
    expect(row).toMatchObject({ kind: "buyback", rarity: "common" });
  });
});
