import { describe, expect, it } from "vitest";
import { CARD_NAMES_BY_CATEGORY } from "../setup/seed/packs-data";
import { RARITIES } from "~/lib/packs";
import { expectSafeSvg } from "../../../tests/helpers/svg";
import { cardDesign } from "./card-design";
import { renderSlabSvg } from "./slab-art";

const seeded = Object.entries(CARD_NAMES_BY_CATEGORY).flatMap(([category, names]) =>
  RARITIES.flatMap((rarity) => names[rarity].map((name) => ({ name, category, rarity }))),
);
const slab = (card: (typeof seeded)[number]) =>
  renderSlabSvg({ ...card, grade: 9.5, grader: "BGS", cert: "10482213" });
/** The card's picture alone: the slab's art window, without the printed name. */
const picture = (svg: string) => svg.slice(svg.indexOf('<g transform="translate(44 150)">'));

describe("card art", () => {
  it("gives every seeded card name its own figure, palette and composition", () => {
    const designs = seeded.map(({ name, category }) => {
      const d = cardDesign(name, category);
      return [d.kind, d.variant, d.palette.id, d.backdrop, d.mirrored, d.scale, d.shift].join("/");
    });
    expect(seeded.length).toBeGreaterThanOrEqual(72);
    expect(new Set(designs).size).toBe(seeded.length);
    expect(new Set(seeded.map((card) => picture(slab(card)))).size).toBe(seeded.length);
  });

  it("draws the same bytes for the same card", () => {
    for (const card of seeded) expect(slab(card)).toBe(slab({ ...card }));
  });

  it("evokes the name: a winged reptile for a fire name, a bird, a flower, a batter", () => {
    expect(cardDesign("Charizard", "Pokemon")).toMatchObject({ kind: "dragon" });
    expect(cardDesign("Charizard", "Pokemon").palette.id).toMatch(/ember|magma|sunset/);
    expect(cardDesign("Lugia", "Pokemon").kind).toBe("bird");
    expect(cardDesign("Black Lotus", "MTG").kind).toBe("flower");
    expect(cardDesign("Derek Jeter Base", "Sports").kind).toBe("athlete");
    expect(cardDesign("Spawn #1", "Comics").kind).toBe("hero");
    // The shop files basketball cards under "Trading Cards", whose default is a critter.
    expect(cardDesign("Michael Jordan 1986 Fleer Rookie PSA 8", "Trading Cards").kind).toBe(
      "athlete",
    );
    expect(cardDesign("Luka Doncic Prizm Silver Rookie", "Trading Cards").kind).toBe("athlete");
  });

  it("renders well-formed SVG with nothing active or external for every seeded card", () => {
    for (const card of seeded) expectSafeSvg(slab(card));
  });
});
