import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/.server/context";
import { wishlistItems } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import { DomainError } from "~/.server/errors";
import { listWishlist, toggleWishlist, wishlistedIds } from "~/.server/wishlist/wishlist";
import { bareCollectorCtx } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";

const NOW = new Date("2026-11-01T12:00:00Z");
const db = databaseForFile();
let ada: Ctx;
let bo: Ctx;

const rowsOf = (userId: string, productId?: number) =>
  db.db
    .select()
    .from(wishlistItems)
    .where(
      and(
        eq(wishlistItems.userId, userId),
        productId === undefined ? undefined : eq(wishlistItems.productId, productId),
      ),
    );

beforeAll(async () => {
  await seedIfEmpty(db.db, NOW);
  // The profile row is all the wishlist needs.
  ada = await bareCollectorCtx(db, "ada", NOW);
  bo = await bareCollectorCtx(db, "bo", NOW);
});

describe("wishlist", () => {
  it("adds a product and removes it again, answering with the new state", async () => {
    expect(await toggleWishlist(ada, { productId: 1, wishlisted: true })).toEqual({
      productId: 1,
      wishlisted: true,
    });
    expect(await rowsOf("ada", 1)).toHaveLength(1);
    expect(await toggleWishlist(ada, { productId: 1, wishlisted: false })).toEqual({
      productId: 1,
      wishlisted: false,
    });
    expect(await rowsOf("ada", 1)).toHaveLength(0);
  });

  it("stores exactly one row under 10 simultaneous adds of the same product", async () => {
    const states = await Promise.all(
      Array.from({ length: 10 }, () => toggleWishlist(ada, { productId: 2, wishlisted: true })),
    );
    expect(states.every((s) => s.wishlisted)).toBe(true);
    expect(await rowsOf("ada", 2)).toHaveLength(1);
  });

  it("never touches another collector's rows", async () => {
    await toggleWishlist(bo, { productId: 3, wishlisted: true });
    await toggleWishlist(ada, { productId: 3, wishlisted: true });
    await toggleWishlist(ada, { productId: 3, wishlisted: false });
    expect(await rowsOf("bo", 3)).toHaveLength(1);
    expect(await rowsOf("ada", 3)).toHaveLength(0);
    expect((await listWishlist(ada)).map((p) => p.id)).not.toContain(3);
  });

  it("lists the collector's own items, newest first, as product cards", async () => {
    const later = db.ctx({ actor: ada.actor, now: new Date(NOW.getTime() + 60_000) });
    await toggleWishlist(later, { productId: 4, wishlisted: true });
    const items = await listWishlist(ada);
    expect(items.map((p) => p.id)).toEqual([4, 2]);
    expect(items[0]).toMatchObject({ id: 4, name: expect.any(String), stock: expect.any(Number) });
    expect((await listWishlist(bo)).map((p) => p.id)).toEqual([3]);
  });

  it("tells which products on a page are wishlisted, and nothing for a visitor", async () => {
    expect((await wishlistedIds(ada, [1, 2, 3, 4, 5])!)?.sort()).toEqual([2, 4]);
    expect(await wishlistedIds(bo, [1, 2, 3])).toEqual([3]);
    expect(await wishlistedIds(ada, [])).toEqual([]);
    expect(await wishlistedIds(db.ctx(), [1, 2, 3])).toBeNull();
  });

  it("refuses an unknown product and a visitor", async () => {
    for (const productId of [999_999, 0, 1e12]) {
      await expect(toggleWishlist(ada, { productId, wishlisted: true })).rejects.toMatchObject({
        code: "product_not_found",
        status: 404,
      });
    }
    const visitor = toggleWishlist(db.ctx(), { productId: 1, wishlisted: true });
    await expect(visitor).rejects.toBeInstanceOf(DomainError);
    await expect(visitor).rejects.toMatchObject({ code: "not_signed_in", status: 401 });
  });
});
