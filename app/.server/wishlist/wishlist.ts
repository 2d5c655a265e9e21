import { and, desc, eq, inArray } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import { summaryColumns } from "../catalog/products";
import type { ProductSummary } from "~/lib/domain/catalog";
import type { Ctx } from "../context";
import { categories, products, wishlistItems } from "../db/schema";
import { isForeignKeyViolation } from "../db/pg-errors";
import { DomainError } from "../errors";
import { recordIdSchema } from "~/lib/schemas/wishlist";

/** The state of one product on the signed-in user's wishlist after a toggle. */
export type WishlistState = { productId: number; wishlisted: boolean };

const PRODUCT_NOT_FOUND = () => new DomainError("product_not_found", "Product not found", 404);

/** The signed-in user's rows only: every wishlist query goes through this filter. */
const ownRows = (ctx: Ctx) => eq(wishlistItems.userId, ownerId(ctx));

/**
 * Puts a product on the signed-in user's wishlist or takes it off (docs/product/catalogue.md: insert and delete wishlist_items). `wishlisted` is the state asked for, so repeating a
 * request changes nothing: adding is `INSERT ... ON CONFLICT DO NOTHING` against the unique
 * (user_id, product_id) key (any number of simultaneous adds store one row; the foreign key
 * refuses an unknown product), removing is a DELETE of the user's own row.
 * @returns `{ productId, wishlisted }`, the state now stored.
 * @throws DomainError `not_signed_in` (401) for a visitor; `product_not_found` (404) when adding
 * a product that does not exist (or an id that cannot be one).
 */
export async function toggleWishlist(
  ctx: Ctx,
  input: { productId: number; wishlisted: boolean },
): Promise<WishlistState> {
  const userId = ownerId(ctx);
  const { wishlisted } = input;
  const parsed = recordIdSchema.safeParse(input.productId);
  if (!parsed.success) throw PRODUCT_NOT_FOUND();
  const productId = parsed.data;
  if (!wishlisted) {
    await ctx.db
      .delete(wishlistItems)
      .where(and(ownRows(ctx), eq(wishlistItems.productId, productId)));
    return { productId, wishlisted: false };
  }
  try {
    await ctx.db
      .insert(wishlistItems)
      .values({ userId, productId, createdAt: ctx.now() })
      .onConflictDoNothing();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw PRODUCT_NOT_FOUND();
    throw error;
  }
  return { productId, wishlisted: true };
}

/**
 * The signed-in user's wishlist as product cards, most recently added first
 * (docs/product/catalogue.md: read wishlist_items all by user).
 * @throws DomainError `not_signed_in` (401) for a visitor.
 */
export function listWishlist(ctx: Ctx): Promise<ProductSummary[]> {
  return ctx.db
    .select(summaryColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(ownRows(ctx))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
}

/**
 * Which of `productIds` are on the signed-in user's wishlist (docs/product/catalogue.md: read
 * wishlist_items by user and product), in one query, so a page of cards shows every heart
 * right on first render.
 * @returns the wishlisted ids among `productIds`; `null` for a visitor (no query is made), which
 * pages read as "send Wishlist and Add to Cart to /auth".
 */
export async function wishlistedIds(
  ctx: Ctx,
  productIds: readonly number[],
): Promise<number[] | null> {
  if (!ctx.actor) return null;
  if (productIds.length === 0) return [];
  const rows = await ctx.db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(ownRows(ctx), inArray(wishlistItems.productId, [...productIds])));
  return rows.map((row) => row.productId);
}

/** A page of product cards with the signed-in user's wishlist state ({@link wishlistedIds}). */
export async function withWishlistState<T extends { id: number }>(
  ctx: Ctx,
  products: T[],
): Promise<{ products: T[]; wishlisted: number[] | null }> {
  return {
    products,
    wishlisted: await wishlistedIds(
      ctx,
      products.map((p) => p.id),
    ),
  };
}
