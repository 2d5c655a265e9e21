import { describe, expect, it } from "vitest";
import { SEED_PACKS } from "../setup/seed/packs-data";
import { packArtUrl, packImageSrc, packTier } from "~/lib/art/pack-art";
import { PACK_CATEGORIES } from "~/lib/packs";
import { expectSafeSvg } from "../../../tests/helpers/svg";
import { renderPackSvg } from "./pack-art";
import { packTheme } from "./pack-themes";

const kanto = { name: "Kanto Starter Pack", category: "Pokemon", tier: "standard" } as const;

describe("packImageSrc", () => {
  it("shows a pack's old image link over https only, else its generated wrapper", () => {
    const pack = { name: "Kanto Starter Pack", category: "Pokemon", priceCents: 2_500 };
    const art = packArtUrl(pack);
    expect(packImageSrc({ ...pack, imageUrl: "https://img.example/p.png" })).toBe(
      "https://img.example/p.png",
    );
    expect(packImageSrc({ ...pack, imageUrl: "http://img.example/p.png" })).toBe(art);
    expect(packImageSrc({ ...pack, imageUrl: "//img.example/p.png" })).toBe(art);
    expect(packImageSrc({ ...pack, imageUrl: null })).toBe(art);
  });
});

describe("renderPackSvg", () => {
  it("draws the same bytes for the same pack, and a different wrapper for every seeded pack", () => {
    expect(renderPackSvg(kanto)).toBe(renderPackSvg({ ...kanto }));
    const wrappers = SEED_PACKS.map((p) =>
      renderPackSvg({ name: p.name, category: p.category, tier: packTier(p.price * 100) }),
    );
    expect(new Set(wrappers).size).toBe(SEED_PACKS.length);
    for (const svg of wrappers) expectSafeSvg(svg);
  });

  it("shows the price tier: holographic PREMIUM from $100, black-and-gold VAULT EDITION from $500", () => {
    expect([9_999, 10_000, 49_999, 50_000].map(packTier)).toEqual([
      "standard",
      "premium",
      "premium",
      "vault",
    ]);
    const standard = renderPackSvg(kanto);
    const premium = renderPackSvg({ ...kanto, tier: "premium" });
    const vault = renderPackSvg({ ...kanto, tier: "vault" });
    expect(standard).not.toContain('id="holo"');
    expect(premium).toContain('id="holo"');
    expect(premium).toContain(">PREMIUM</text>");
    expect(vault).toContain(">VAULT EDITION</text>");
    expect(vault).toContain('stop-color="#0c0a09"');
    expect(
      packArtUrl({ name: "Power Nine Vault", category: "MTG", priceCents: 100_000 }),
    ).toContain("tier=vault");
  });

  it("gives each of the six pack-art categories its own foil, case-insensitively", () => {
    const foils = PACK_CATEGORIES.map((category) => packTheme(category).foil.join());
    expect(new Set(foils).size).toBe(PACK_CATEGORIES.length);
    expect(packTheme("star wars")).toBe(packTheme("Star Wars"));
    expect(renderPackSvg({ ...kanto, category: "MTG" })).toContain('stop-color="#7c3aed"');
  });

  it("draws a mystery wrapper for a category without its own art", () => {
    const svg = renderPackSvg({ ...kanto, name: "Duelist Pack", category: "Yu-Gi-Oh!" });
    expect(svg).toContain(">?</text>");
    expect(svg).toContain(">YU-GI-OH!</text>");
  });

  it("prints the name (wrapped in at most two lines), the category and the tear line", () => {
    const svg = renderPackSvg(kanto);
    expect(svg).toContain(">Kanto Starter</text>");
    expect(svg).toContain(">Pack</text>");
    expect(svg).toContain(">POKEMON</text>");
    expect(svg).toContain(">TEAR HERE</text>");
    const long = renderPackSvg({ ...kanto, name: "one two three four five six seven eight nine" });
    expect(long.match(/font-size="22" font-weight="800"/g)).toHaveLength(2);
  });

  it("escapes text so a name or category cannot inject markup", () => {
    const svg = renderPackSvg({ ...kanto, name: `<script>"&'`, category: "<b>" });
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain("<B>");
    expectSafeSvg(svg);
  });
});
