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
