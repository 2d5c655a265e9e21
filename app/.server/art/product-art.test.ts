import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../setup/seed/catalog-data";
import { expectSafeSvg } from "../../../tests/helpers/svg";
import { productArtSvg, productMotif } from "./product-art";

const charizard = { name: "Charizard", category: "Trading Cards", rarity: "Ultra Rare" };

describe("product art", () => {
  it("is deterministic and differs between every seeded product", () => {
    expect(productArtSvg(charizard)).toBe(productArtSvg({ ...charizard }));
    const all = SEED_PRODUCTS.map((p) => productArtSvg(p));
    expect(new Set(all).size).toBe(SEED_PRODUCTS.length);
    for (const svg of all) expectSafeSvg(svg);
  });

  it("draws what the product is: by its words, else by its category", () => {
    expect(productMotif("Charizard Base Set Holo PSA 9", "Trading Cards")).toBe("slab");
    expect(productMotif("Base Set Booster Box Sealed", "Collectibles")).toBe("box");
    expect(productMotif("Signed Kobe Bryant Jersey", "Memorabilia")).toBe("jersey");
    expect(productMotif("Boba Fett Vintage Kenner 1979", "Figurines")).toBe("carded");
    expect(productMotif("Spawn #1 Newsstand", "Comics")).toBe("comic");
    expect(productMotif("Mystery item", "Memorabilia")).toBe("trophy");
    expect(productMotif("Mystery item", "Unknown")).toBe("coin");
    const motifs = new Set(SEED_PRODUCTS.map((p) => productMotif(p.name, p.category)));
    expect(motifs.size).toBeGreaterThanOrEqual(15);
  });

  it("frames each rarity in its colour and escapes the text", () => {
    expect(productArtSvg(charizard)).toContain("#f59e0b"); // Ultra Rare amber
    expect(productArtSvg({ ...charizard, rarity: "Rare" })).toContain("#3b82f6");
    const svg = productArtSvg({ name: `<script>&"x"`, category: "Unknown", rarity: "Odd" });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;&amp;&quot;x&quot;");
    expectSafeSvg(svg);
  });
});
