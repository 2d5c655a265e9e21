import { asc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { categories, products } from "../db/schema";
import { photosOfEach } from "../media/photos";
import { mapPage, readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";
import type { Photo } from "~/lib/domain/media";
import type { Cents } from "~/lib/money";

/** One row of the Products tab: the product, its stock and its photos in their order. */
export type AdminProduct = {
  id: number;
  name: string;
  category: string;
  priceCents: Cents;
  stock: number;
  photos: Photo[];
};

/**
 * One page of the catalogue for the Products tab (docs/product/administration.md "Products"),
 * by id, matching `q` in the name or category, with the total of matches and each product's
 * photos.
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listAllProducts(
  ctx: Ctx,
  { page, q }: PageQuery,
): Promise<Paged<AdminProduct>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [products.name, categories.name]);
  const matches = ctx.db
    .select({
      id: products.id,
      name: products.name,
      category: categories.name,
      priceCents: products.priceCents,
      stock: products.stock,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .$dynamic();
  const paged = await readPage(ctx.db, page, matches, asc(products.id));
  const photos = await photosOfEach(
    ctx.db,
    "productId",
    paged.rows.map((row) => row.id),
  );
  return mapPage(paged, (row) => ({ ...row, photos: photos.get(row.id) ?? [] }));
}
