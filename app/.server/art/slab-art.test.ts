import { describe, expect, it } from "vitest";
import type { SlabCard } from "~/lib/art/slab-card";
import { expectSafeSvg } from "../../../tests/helpers/svg";
import { renderSlabSvg } from "./slab-art";

const charizard: SlabCard = {
  name: "Charizard",
  category: "Pokemon",
  rarity: "legendary",
  grade: 10,
  grader: "PSA" as const,
  cert: "10482213",
};

describe("renderSlabSvg", () => {
  it("prints grader, grade to one decimal and cert number on the label", () => {
    const svg = renderSlabSvg({ ...charizard, grade: 9 });
    expect(svg).toContain(">PSA<");
    expect(svg).toContain(">9.0<");
    expect(svg).toContain("PSA 10482213");
    expect(svg).toContain(">MINT<");
  });

  it("frames the slab in the rarity's colour", () => {
    expect(renderSlabSvg(charizard)).toContain('stroke="#d97706"');
    expect(renderSlabSvg({ ...charizard, rarity: "rare" })).toContain('stroke="#2563eb"');
  });

  it("escapes text so a name cannot inject markup", () => {
    const svg = renderSlabSvg({ ...charizard, name: `<script>"&'`, category: "MTG" });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;&quot;&amp;&#x27;");
    expectSafeSvg(svg);
  });
});
