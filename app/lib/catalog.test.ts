import { describe, expect, it } from "vitest";
import { categoryTitle } from "./catalog";
import { parseCatalogQuery } from "./catalog-query";

describe("categoryTitle", () => {
  it("does not mistake built-in object keys for known slugs", () => {
    expect(categoryTitle("constructor")).toBe("Category");
    expect(categoryTitle("__proto__")).toBe("Category");
    expect(categoryTitle("comics")).toBe("Comics");
  });
});

describe("parseCatalogQuery", () => {
  it("keeps the valid conditions and drops only the unknown one", () => {
    const q = parseCatalogQuery(
      new URLSearchParams("condition=Mint&condition=Bogus&condition=Good"),
    );
    expect(q.condition).toEqual(["Mint", "Good"]);
  });

  it("shortens an over-long search to 100 characters instead of dropping it", () => {
    const q = parseCatalogQuery(new URLSearchParams({ q: `  ${"a".repeat(150)}` }));
    expect(q.q).toBe("a".repeat(100));
  });
});

describe("parseCatalogQuery fallbacks", () => {
  it("gives the defaults for an empty query", () => {
    expect(parseCatalogQuery(new URLSearchParams())).toEqual({
      q: "",
      min: 0,
      max: 15_000,
      condition: [],
      category: [],
      sort: "best-sellers",
      page: 1,
      view: "grid",
    });
  });

  it("falls back value by value on malformed, fractional or out-of-range input", () => {
    const q = parseCatalogQuery(
      new URLSearchParams(
        "min=abc&max=99999&page=0&sort=cheapest&view=table&category=Comics&category=comics",
      ),
    );
    expect(q).toMatchObject({ min: 0, max: 15_000, page: 1, sort: "best-sellers", view: "grid" });
    expect(q.category).toEqual(["Comics"]);
    expect(parseCatalogQuery(new URLSearchParams("min=10.5&page=2.5")).min).toBe(0);
    expect(parseCatalogQuery(new URLSearchParams("page=10001")).page).toBe(1);
  });

  it("reads whole numbers and a repeated value once", () => {
    const q = parseCatalogQuery(
      new URLSearchParams("min=100&max=2500&page=3&category=Comics&category=Comics&sort=price-asc"),
    );
    expect(q).toMatchObject({ min: 100, max: 2500, page: 3, sort: "price-asc" });
    expect(q.category).toEqual(["Comics"]);
  });

  it("reads a sort written with underscores as the sort it names", () => {
    expect(parseCatalogQuery(new URLSearchParams("sort=price_asc")).sort).toBe("price-asc");
    expect(parseCatalogQuery(new URLSearchParams("sort=top_rated")).sort).toBe("top-rated");
    expect(parseCatalogQuery(new URLSearchParams("sort=price__asc")).sort).toBe("best-sellers");
  });

  it("falls back to an empty search when the search is repeated", () => {
    expect(parseCatalogQuery(new URLSearchParams("q=a&q=b")).q).toBe("");
  });
});
