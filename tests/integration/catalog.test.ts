import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findProduct,
  getProduct,
  getShopPage,
  listFeaturedProducts,
  listNewArrivals,
  listProducts,
  listProductsInCategory,
  listSaleProducts,
} from "~/.server/catalog/products";
import type { Ctx } from "~/.server/context";
import { categories, products } from "~/.server/db/schema";
import { seedIfEmpty } from "~/.server/setup/seed";
import { DomainError } from "~/.server/errors";
import {
  CATALOG_CONDITIONS,
  DEFAULT_SORT,
  PAGE_SIZE,
  SORT_OPTIONS,
  categoryTitle,
  type SortOption,
} from "~/lib/catalog";
import { parseCatalogQuery, type CatalogQuery } from "~/lib/catalog-query";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

const NOW = new Date("2026-11-01T12:00:00Z");

/** Every product with the columns the sorts use, read straight from the table. */
type Row = Awaited<ReturnType<typeof readAll>>[number];
let db: TestDatabase;
let ctx: Ctx;
let all: Row[];
let byId: Map<number, Row>;

function readAll() {
  return db.db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: categories.name,
      priceCents: products.priceCents,
      compareAtCents: products.compareAtCents,
      condition: products.condition,
      isFeatured: products.isFeatured,
      unitsSold: products.unitsSold,
      createdAt: products.createdAt,
      rating: products.rating,
      reviewCount: products.reviewCount,
      trendingScore: products.trendingScore,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId));
}

beforeAll(async () => {
  db = await createTestDatabase();
  ctx = db.ctx({ now: NOW });
  await seedIfEmpty(db.db, NOW);
  // Names that only a literal (escaped) match of "%" and "_" tells apart.
  const [collectibles] = await db.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.name, "Collectibles"));
  const extra = { categoryId: collectibles!.id, rarity: "Common", stock: 5 } as const;
  await db.db.insert(products).values(
    [
      ["100% Authentic Sleeve Pack", "Sleeves for graded slabs."],
      ["Lot of 100 Commons", "One hundred assorted commons."],
      ["Foil_Variant Promo", "A promo with an underscore in its name."],
      ["Foil-Variant Sticker", "A sticker with a hyphen in its name."],
    ].map(([name, description], i) => ({
      ...extra,
      name: name!,
      description: description!,
      priceCents: 1_000 + i * 100,
      createdAt: new Date("2020-01-01T00:00:00Z"),
    })),
  );
  all = await readAll();
  byId = new Map(all.map((row) => [row.id, row]));
}, 60_000); // PGlite start-up, migrations and seed take a few seconds on a busy machine.
afterAll(() => db.destroy());

/** A query as the shop's URL would carry it. */
function query(params: Record<string, string | string[]> = {}): CatalogQuery {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of [value].flat()) search.append(key, v);
  }
  return parseCatalogQuery(search);
}

/** The ids of every page of a query, in order. */
async function allIds(q: CatalogQuery): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const result = await listProducts(ctx, { ...q, page });
    ids.push(...result.items.map((p) => p.id));
    if (page >= result.pageCount) return ids;
  }
}

const rowsOf = (ids: number[]) => ids.map((id) => byId.get(id)!);
const sortedIds = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe("shop filters", () => {
  it("lists every product when nothing is filtered", async () => {
    const result = await listProducts(ctx, query());
    expect(result.total).toBe(all.length);
    expect((await allIds(query())).sort((a, b) => a - b)).toEqual(sortedIds(all));
  });

  it("keeps prices within the range, bounds included, in whole dollars", async () => {
    const ids = await allIds(query({ min: "420", max: "780" }));
    const expected = all.filter((r) => r.priceCents >= 42_000 && r.priceCents <= 78_000);
    expect(ids.sort((a, b) => a - b)).toEqual(sortedIds(expected));
    const names = rowsOf(ids).map((r) => r.name);
    expect(names).toContain("Spider-Man Bronze Age Statue"); // exactly $420
    expect(names).toContain("Darth Vader 12-inch Premium Format"); // exactly $780
  });

  it("swaps a reversed price range", async () => {
    expect(await allIds(query({ min: "780", max: "420" }))).toEqual(
      await allIds(query({ min: "420", max: "780" })),
    );
  });

  it.each(CATALOG_CONDITIONS)("filters by the condition %s", async (condition) => {
    const ids = await allIds(query({ condition }));
    const expected = all.filter((r) => r.condition === condition);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids.sort((a, b) => a - b)).toEqual(sortedIds(expected));
  });

  it("combines several conditions with OR", async () => {
    const ids = await allIds(query({ condition: ["Mint", "Good"] }));
    const expected = all.filter((r) => r.condition === "Mint" || r.condition === "Good");
    expect(ids.sort((a, b) => a - b)).toEqual(sortedIds(expected));
  });

  it("combines several categories with OR", async () => {
    const ids = await allIds(query({ category: ["Comics", "Memorabilia"] }));
    const expected = all.filter((r) => r.category === "Comics" || r.category === "Memorabilia");
    expect(new Set(rowsOf(ids).map((r) => r.category))).toEqual(new Set(["Comics", "Memorabilia"]));
    expect(ids.sort((a, b) => a - b)).toEqual(sortedIds(expected));
  });

  it("ANDs price, condition and category together", async () => {
    const ids = await allIds(
      query({ min: "100", max: "3000", condition: "Near Mint", category: "Comics" }),
    );
    const expected = all.filter(
      (r) =>
        r.priceCents >= 10_000 &&
        r.priceCents <= 300_000 &&
        r.condition === "Near Mint" &&
        r.category === "Comics",
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids.sort((a, b) => a - b)).toEqual(sortedIds(expected));
  });
});

/** The order each sort promises; ties are broken by ascending id. */
const ORDER: Record<SortOption, (a: Row, b: Row) => number> = {
  "best-sellers": (a, b) => b.unitsSold - a.unitsSold,
  newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  "price-asc": (a, b) => a.priceCents - b.priceCents,
  "price-desc": (a, b) => b.priceCents - a.priceCents,
  "top-rated": (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount,
  trending: (a, b) => b.trendingScore - a.trendingScore,
};

describe("shop sorts", () => {
  it.each(SORT_OPTIONS.map((o) => o.value))("orders every page by %s", async (sort) => {
    const ids = await allIds(query({ sort }));
    expect(ids).toHaveLength(all.length);
    const rows = rowsOf(ids);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const order = ORDER[sort](a, b) || a.id - b.id;
      expect(order, `${sort}: ${a.name} before ${b.name}`).toBeLessThan(0);
    }
  });

  it("puts the cheapest first for 'Price low to high' and the dearest first for 'high to low'", async () => {
    const cheapest = Math.min(...all.map((r) => r.priceCents));
    const dearest = Math.max(...all.map((r) => r.priceCents));
    const [low] = (await listProducts(ctx, query({ sort: "price-asc" }))).items;
    const [high] = (await listProducts(ctx, query({ sort: "price-desc" }))).items;
    expect(low!.priceCents).toBe(cheapest);
    expect(high!.priceCents).toBe(dearest);
  });

  it("defaults to Best Sellers", async () => {
    expect(query().sort).toBe(DEFAULT_SORT);
    expect(DEFAULT_SORT).toBe("best-sellers");
    const [first] = (await listProducts(ctx, query())).items;
    expect(byId.get(first!.id)!.unitsSold).toBe(Math.max(...all.map((r) => r.unitsSold)));
  });
});

describe("shop search", () => {
  const names = async (q: string) => rowsOf(await allIds(query({ q }))).map((r) => r.name);

  it("matches names case-insensitively", async () => {
    expect(await names("CHARIZARD base")).toEqual(["Charizard Base Set Holo PSA 9"]);
  });

  it("matches descriptions", async () => {
    expect(await names("clean back and light edge")).toEqual(["Blastoise 1st Edition Shadowless"]);
  });

  it("treats % and _ as literal characters", async () => {
    expect(await names("100%")).toEqual(["100% Authentic Sleeve Pack"]);
    expect(await names("%")).toEqual(["100% Authentic Sleeve Pack"]);
    expect(await names("foil_variant")).toEqual(["Foil_Variant Promo"]);
    expect((await names("100")).sort()).toEqual([
      "100% Authentic Sleeve Pack",
      "Lot of 100 Commons",
    ]);
  });

  it("combines with filters and reports an empty result", async () => {
    expect(await names("charizard")).not.toHaveLength(0);
    const none = await listProducts(ctx, query({ q: "charizard", category: "Comics" }));
    expect(none).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe("shop pagination", () => {
  it("serves PAGE_SIZE items a page with the total over all pages", async () => {
    const pageCount = Math.ceil(all.length / PAGE_SIZE);
    const first = await listProducts(ctx, query());
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ total: all.length, page: 1, pageCount });
    const last = await listProducts(ctx, query({ page: String(pageCount) }));
    expect(last.items).toHaveLength(all.length - (pageCount - 1) * PAGE_SIZE);
    expect(last.page).toBe(pageCount);
  });

  it("never repeats or skips a product across pages", async () => {
    const ids = await allIds(query({ sort: "price-asc" }));
    expect(new Set(ids).size).toBe(all.length);
  });

  it("answers a page past the end with no items and the real total", async () => {
    const past = await listProducts(ctx, query({ page: "99" }));
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.length);
    expect(past.page).toBe(99);
  });
});

describe("parseCatalogQuery", () => {
  it("falls back to the defaults for garbage", () => {
    expect(
      query({
        q: ["a", "b"],
        min: "abc",
        max: "99999",
        condition: "Pristine",
        category: "Toys",
        sort: "cheapest",
        page: "-3",
        view: "table",
        unknown: "x",
      }),
    ).toEqual({
      q: "",
      min: 0,
      max: 15000,
      condition: [],
      category: [],
      sort: "best-sellers",
      page: 1,
      view: "grid",
    });
  });

  it("rejects fractional numbers and trims the search text", () => {
    expect(query({ min: "1.5", page: "2.5", q: "  pika  " })).toMatchObject({
      min: 0,
      page: 1,
      q: "pika",
    });
  });

  it("keeps valid values, repeated ones as lists", () => {
    expect(
      query({
        min: "100",
        max: "5000",
        condition: ["Mint", "Good"],
        category: "Comics",
        sort: "top-rated",
        page: "3",
        view: "list",
      }),
    ).toMatchObject({
      min: 100,
      max: 5000,
      condition: ["Mint", "Good"],
      category: ["Comics"],
      sort: "top-rated",
      page: 3,
      view: "list",
    });
  });
});

describe("category pages", () => {
  it("lists a category whose name slugs to the slug, in catalogue order", async () => {
    const cards = await listProductsInCategory(ctx, "trading-cards");
    const expected = all.filter((r) => r.category === "Trading Cards");
    expect(cards.map((p) => p.id)).toEqual(sortedIds(expected));
    expect(cards.every((p) => p.category === "Trading Cards")).toBe(true);
    const comics = await listProductsInCategory(ctx, "comics");
    expect(comics).toHaveLength(all.filter((r) => r.category === "Comics").length);
  });

  it("fills the spec's slugs that name no catalogue category: action figures, vintage toys", async () => {
    const figures = await listProductsInCategory(ctx, "action-figures");
    expect(figures.map((p) => p.id)).toEqual(
      sortedIds(all.filter((r) => r.category === "Figurines")),
    );
    const vintage = await listProductsInCategory(ctx, "vintage-toys");
    expect(vintage.map((p) => p.name)).toEqual([
      "Boba Fett Vintage Kenner 1979",
      "He-Man Masters of the Universe 1982",
      "Star Wars 1977 Sticker Sheet",
      "Vintage Arcade Token Collection",
    ]);
  });

  it.each(["unknown", "Trading Cards", "TRADING-CARDS", "constructor", ""])(
    "lists nothing for the slug %j",
    async (slug) => {
      expect(await listProductsInCategory(ctx, slug)).toEqual([]);
    },
  );

  it("titles the spec's slugs and calls anything else 'Category'", () => {
    expect(categoryTitle("trading-cards")).toBe("Trading Cards");
    expect(categoryTitle("comics")).toBe("Comics");
    expect(categoryTitle("action-figures")).toBe("Action Figures");
    expect(categoryTitle("vintage-toys")).toBe("Vintage Toys");
    expect(categoryTitle("figurines")).toBe("Category");
    expect(categoryTitle("")).toBe("Category");
  });

  // /category/constructor rendered an empty title and /category/__proto__ a 500: the title
  // table is a plain object, so inherited property names must not count as known slugs.
  it.each(["constructor", "toString", "__proto__"])("calls the slug %j 'Category'", (slug) => {
    expect(categoryTitle(slug)).toBe("Category");
  });
});

describe("product lookups", () => {
  it("returns a product with its description", async () => {
    const row = all.find((r) => r.name === "Blastoise 1st Edition Shadowless")!;
    const product = await getProduct(ctx, row.id);
    expect(product).toMatchObject({
      id: row.id,
      name: row.name,
      category: "Trading Cards",
      description: row.description,
      priceCents: 320_000,
      compareAtCents: 360_000,
    });
    expect(await findProduct(ctx, row.id)).toEqual(product);
  });

  it("refuses an unknown id with DomainError product_not_found (404)", async () => {
    const error = await getProduct(ctx, 999_999).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: "product_not_found",
      status: 404,
      message: "Product Not Found",
    });
    expect(await findProduct(ctx, 999_999)).toBeNull();
  });
});

describe("featured, new and sale lists", () => {
  it("features the four flagged products for the banner", async () => {
    const featured = await listFeaturedProducts(ctx);
    expect(featured.map((p) => p.id)).toEqual(sortedIds(all.filter((r) => r.isFeatured)));
    expect(featured).toHaveLength(4);
  });

  it("lists the six newest as New Arrivals", async () => {
    const newest = [...all].sort(ORDER.newest).slice(0, 6);
    expect((await listNewArrivals(ctx)).map((p) => p.id)).toEqual(newest.map((r) => r.id));
  });

  it("lists the first six products with a former price as Sale Items", async () => {
    const sale = await listSaleProducts(ctx);
    expect(sale).toHaveLength(6);
    expect(sale.map((p) => p.id)).toEqual(
      sortedIds(all.filter((r) => r.compareAtCents !== null)).slice(0, 6),
    );
    for (const p of sale) expect(p.compareAtCents).toBeGreaterThan(p.priceCents);
  });

  it("reads the shop screen in one call: banner and page", async () => {
    const shop = await getShopPage(ctx, query({ category: "Comics" }));
    expect(shop.featured).toHaveLength(4);
    expect(shop.total).toBe(all.filter((r) => r.category === "Comics").length);
  });
});
