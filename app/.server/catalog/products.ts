import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  type SQL,
} from "drizzle-orm";
import { categories, products } from "../db/schema";
import { dollarsToCents } from "~/lib/money";
import { likePattern } from "../db/like-pattern";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import {
  CATEGORY_SLUG_SOURCES,
  PAGE_SIZE,
  categorySlug,
  isVintageName,
  type SortOption,
} from "~/lib/catalog";
import type { CatalogQuery } from "~/lib/catalog-query";
import type { ProductSummary } from "~/lib/domain/catalog";

/** A product for its own page (/product/{id}). */
export type ProductDetail = ProductSummary & { createdAt: Date };

/** One page of the shop: `page` is 1-based, `pageCount` at least 1, `total` over all pages. */
export type ProductPage = {
  items: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
};

/** The columns of a {@link ProductSummary} (join `categories` on the product). */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  category: categories.name,
  description: products.description,
  priceCents: products.priceCents,
  compareAtCents: products.compareAtCents,
  imageUrl: products.imageUrl,
  rarity: products.rarity,
  condition: products.condition,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stock: products.stock,
};

const ORDER_BY: Record<SortOption, SQL[]> = {
  "best-sellers": [desc(products.unitsSold)],
  newest: [desc(products.createdAt)],
  "price-asc": [asc(products.priceCents)],
  "price-desc": [desc(products.priceCents)],
  "top-rated": [desc(products.rating), desc(products.reviewCount)],
  trending: [desc(products.trendingScore)],
};

function catalogFilter(query: CatalogQuery): SQL | undefined {
  const [low, high] = query.min <= query.max ? [query.min, query.max] : [query.max, query.min];
  return and(
    gte(products.priceCents, dollarsToCents(low)),
    lte(products.priceCents, dollarsToCents(high)),
    query.condition.length ? inArray(products.condition, query.condition) : undefined,
    query.category.length ? inArray(categories.name, query.category) : undefined,
    query.q
      ? or(
          ilike(products.name, likePattern(query.q)),
          ilike(products.description, likePattern(query.q)),
        )
      : undefined,
  );
}

/**
 * One page of the shop (docs/product/catalogue.md): price range in whole dollars
 * (a reversed range is swapped), conditions, categories, a case-insensitive text search of
 * name and description, one of the six sorts (ties broken by id), PAGE_SIZE per page.
 * A page past the end returns no items with the real total.
 * @returns `{ items, total, page, pageCount }`; pageCount is at least 1.
 */
export async function listProducts(ctx: Ctx, query: CatalogQuery): Promise<ProductPage> {
  const where = catalogFilter(query);
  const [items, [totals]] = await Promise.all([
    ctx.db
      .select(summaryColumns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...ORDER_BY[query.sort], asc(products.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    ctx.db
      .select({ n: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where),
  ]);
  const total = totals?.n ?? 0;
  return { items, total, page: query.page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/**
 * The shop screen (/products) in one read: the banner's featured products and the page of
 * the catalogue that `query` asks for (see {@link listProducts}).
 */
export async function getShopPage(
  ctx: Ctx,
  query: CatalogQuery,
): Promise<ProductPage & { featured: ProductSummary[] }> {
  const [featured, page] = await Promise.all([listFeaturedProducts(ctx), listProducts(ctx, query)]);
  return { featured, ...page };
}

/** One product by id, or null when there is none (screens that show 'Product Not Found'). */
export async function findProduct(ctx: Ctx, id: number): Promise<ProductDetail | null> {
  const [row] = await ctx.db
    .select({ ...summaryColumns, createdAt: products.createdAt })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row ?? null;
}

/**
 * One product, for callers that need it to exist (cart, wishlist, orders).
 * @throws DomainError `product_not_found` (404, 'Product Not Found') for an unknown id.
 */
export async function getProduct(ctx: Ctx, id: number): Promise<ProductDetail> {
  const product = await findProduct(ctx, id);
  if (!product) throw new DomainError("product_not_found", "Product Not Found", 404);
  return product;
}

/** The shop banner's products: featured ones by id, at most `limit` (spec: 4). */
export function listFeaturedProducts(ctx: Ctx, limit = 4): Promise<ProductSummary[]> {
  return selectSummaries(ctx, eq(products.isFeatured, true), [asc(products.id)], limit);
}

/** New Arrivals: the `limit` newest products (spec: 6). */
export function listNewArrivals(ctx: Ctx, limit = 6): Promise<ProductSummary[]> {
  return selectSummaries(ctx, undefined, [desc(products.createdAt), asc(products.id)], limit);
}

/** Sale Items: the first `limit` products that carry a former price (spec: 6). */
export function listSaleProducts(ctx: Ctx, limit = 6): Promise<ProductSummary[]> {
  return selectSummaries(ctx, isNotNull(products.compareAtCents), [asc(products.id)], limit);
}

/**
 * Products whose category name, lowercased with spaces replaced by hyphens, equals `slug`
 * (docs/product/catalogue.md), in catalogue order; the spec's slugs that name
 * no catalogue category (action-figures, vintage-toys) list what they stand for instead
 * (CATEGORY_SLUG_SOURCES in app/lib/catalog.ts), so no category page is always empty.
 */
export async function listProductsInCategory(ctx: Ctx, slug: string): Promise<ProductSummary[]> {
  const all = await ctx.db.select({ id: categories.id, name: categories.name }).from(categories);
  const source = Object.hasOwn(CATEGORY_SLUG_SOURCES, slug) ? CATEGORY_SLUG_SOURCES[slug] : null;
  const ids = all
    .filter((c) =>
      source
        ? (source.categories as readonly string[]).includes(c.name)
        : categorySlug(c.name) === slug,
    )
    .map((c) => c.id);
  if (ids.length === 0) return [];
  const listed = await selectSummaries(ctx, inArray(products.categoryId, ids), [asc(products.id)]);
  return source?.vintageOnly ? listed.filter((p) => isVintageName(p.name)) : listed;
}

function selectSummaries(
  ctx: Ctx,
  where: SQL | undefined,
  orderBy: SQL[],
  limit?: number,
): Promise<ProductSummary[]> {
  const q = ctx.db
    .select(summaryColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...orderBy);
  return limit === undefined ? q : q.limit(limit);
}
