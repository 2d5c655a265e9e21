import { describe, expect, it } from "vitest";
import { PACK_CATEGORIES } from "~/lib/packs";
import { packTheme, renderPackSvg } from "./pack-art";

const kanto = { name: "Kanto Starter Pack", category: "Pokemon" };

describe("renderPackSvg", () => {
  it("draws the same bytes for the same pack, and different sparkles for another name", () => {
    expect(renderPackSvg(kanto)).toBe(renderPackSvg({ ...kanto }));
    expect(renderPackSvg({ ...kanto, name: "Legends of Kanto" })).not.toBe(renderPackSvg(kanto));
  });

  it("gives each of the six pack-art categories its own foil, case-insensitively", () => {
    const foils = PACK_CATEGORIES.map((category) => packTheme(category).foil.join());
    expect(new Set(foils).size).toBe(PACK_CATEGORIES.length);
    expect(packTheme("star wars")).toBe(packTheme("Star Wars"));
    expect(renderPackSvg({ ...kanto, category: "MTG" })).toContain('stop-color="#7c3aed"');
  });

  it("draws a mystery wrapper for a category without its own art", () => {
    const svg = renderPackSvg({ name: "Duelist Pack", category: "Yu-Gi-Oh!" });
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
    const svg = renderPackSvg({ name: `<script>"&'`, category: "<b>" });
    expect(svg).not.toContain("<script>");
    expect(svg).not.toContain("<B>");
    expect(svg).toContain("&#60;script&#62;&#34;&#38;&#39;");
  });
});
