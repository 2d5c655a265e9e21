import { and, asc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { cartItems, categories, products } from "../db/schema";
import { DomainError } from "../errors";
import type { Cents } from "~/lib/money";

/** One line of the signed-in user's cart, priced from the catalogue now (never the client). */
export type CartLine = {
  id: number;
  productId: number;
  name: string;
  category: string;
  rarity: string;
  imageUrl: string | null;
  unitPriceCents: Cents;
  quantity: number;
  /** Units the product has left; the plus control stops here. */
  stock: number;
  lineTotalCents: Cents;
};

/** The cart page's data: its lines, oldest first, and their total (no shipping or tax, spec 9). */
export type Cart = { lines: CartLine[]; totalCents: Cents };

/** Only the signed-in user's lines: another user's line id is a line that does not exist. */
const ownLines = (ctx: Ctx) => eq(cartItems.userId, ownerId(ctx));

const lineNotFound = () => new DomainError("cart_line_not_found", "Cart item not found", 404);

/** 'Only N left of {name}', or '{name} is out of stock' (docs/product/cart-and-orders.md). */
export function notEnoughStock(name: string, stock: number): DomainError {
  const message = stock > 0 ? `Only ${stock} left of ${name}` : `${name} is out of stock`;
  return new DomainError("insufficient_stock", message, 409);
}

/**
 * Add to Cart (docs/product/cart-and-orders.md: upsert on user_id + product_id): the first add creates the line
 * with quantity 1, a later add raises it by 1, never past the product's stock.
 * @throws DomainError `product_not_found` (404); `insufficient_stock` (409, 'Only N left of
 * {name}') when the cart already holds every unit; `not_signed_in` (401).
 */
export async function addToCart(ctx: Ctx, input: { productId: number }): Promise<void> {
  const userId = ownerId(ctx);
  await ctx.db.transaction(async (tx) => {
    // Inserts or raises the line only while the product has the units (the WHERE of the
    // upsert's update and the SELECT feeding the insert check the stock).
    const added = await tx.execute(sql`
      INSERT INTO cart_items (user_id, product_id, quantity)
      SELECT ${userId}, p.id, 1 FROM products p WHERE p.id = ${input.productId} AND p.stock >= 1
      ON CONFLICT (user_id, product_id) DO UPDATE
        SET quantity = cart_items.quantity + 1, updated_at = now()
        WHERE cart_items.quantity + 1 <= (SELECT stock FROM products WHERE id = excluded.product_id)
      RETURNING cart_items.id`);
    if ((added as unknown as { rows: unknown[] }).rows.length > 0) return;
    const [product] = await tx
      .select({ name: products.name, stock: products.stock })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product) throw new DomainError("product_not_found", "Product Not Found", 404);
    throw notEnoughStock(product.name, product.stock);
  });
}

/**
 * The signed-in user's cart joined to the catalogue (docs/product/cart-and-orders.md: lines whose product is
 * gone are dropped — the foreign key cascades, the inner join makes sure).
 * @throws DomainError `not_signed_in` (401).
 */
export async function listCart(ctx: Ctx): Promise<Cart> {
  const rows = await ctx.db
    .select({
      id: cartItems.id,
      productId: products.id,
      name: products.name,
      category: categories.name,
      rarity: products.rarity,
      imageUrl: products.imageUrl,
      unitPriceCents: products.priceCents,
      quantity: cartItems.quantity,
      stock: products.stock,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(ownLines(ctx))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const lines = rows.map((row) => ({ ...row, lineTotalCents: row.unitPriceCents * row.quantity }));
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0) };
}

/**
 * Sets one of the user's lines to `quantity` (already a whole number >= 1, from
 * cartQuantitySchema), at most the product's stock; checked in the UPDATE itself.
 * @throws DomainError `cart_line_not_found` (404, also for another user's line);
 * `insufficient_stock` (409); `not_signed_in` (401).
 */
export async function setQuantity(
  ctx: Ctx,
  input: { lineId: number; quantity: number },
): Promise<void> {
  if (!Number.isInteger(input.quantity) || input.quantity < 1) {
    throw new DomainError("invalid_quantity", "Quantity must be a whole number from 1", 400);
  }
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(cartItems)
      .set({ quantity: input.quantity, updatedAt: sql`now()` })
      .where(
        and(
          eq(cartItems.id, input.lineId),
          ownLines(ctx),
          sql`${input.quantity} <= (SELECT stock FROM products WHERE id = ${cartItems.productId})`,
        ),
      )
      .returning({ id: cartItems.id });
    if (updated.length > 0) return;
    const [line] = await tx
      .select({ name: products.name, stock: products.stock })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.id, input.lineId), ownLines(ctx)));
    if (!line) throw lineNotFound();
    throw notEnoughStock(line.name, line.stock);
  });
}

/**
 * Removes one of the user's lines (spec: removal is its own action).
 * @throws DomainError `cart_line_not_found` (404, also for another user's line);
 * `not_signed_in` (401).
 */
export async function removeLine(ctx: Ctx, input: { lineId: number }): Promise<void> {
  const removed = await ctx.db
    .delete(cartItems)
    .where(and(eq(cartItems.id, input.lineId), ownLines(ctx)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw lineNotFound();
}

/**
 * The units in `userId`'s cart (the header's count), as an int subquery a caller folds into its
 * own statement (`headerCounts`); `userId` a value, or the caller's column of it.
 */
export const cartUnitsSql = (userId: string | SQLWrapper): SQL =>
  sql`(SELECT coalesce(sum(${cartItems.quantity}), 0)::int FROM ${cartItems} WHERE ${cartItems.userId} = ${userId})`;
