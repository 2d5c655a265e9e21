import { asc } from "drizzle-orm";
import type { Ctx } from "../context";
import { products } from "../db/schema";

/** The id of every product, in id order, for /sitemap.xml (one query). */
export async function listProductIds(ctx: Ctx): Promise<number[]> {
  const rows = await ctx.db.select({ id: products.id }).from(products).orderBy(asc(products.id));
  return rows.map((r) => r.id);
}
