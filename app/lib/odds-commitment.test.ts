import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawRulesOf, type DrawPack } from "./fairness";
import {
  canonicalOddsText,
  oddsCommitmentOf,
  OddsTextError,
  parseOddsText,
} from "./odds-commitment";

const PACK: DrawPack = {
  priceCents: 2_500,
  rarityDistribution: { common: 60, uncommon: 25, rare: 10, legendary: 5 },
  cardNames: {
    common: ["Pidgey", "Rattata"],
    uncommon: ["Wartortle"],
    rare: ["Gengar"],
    legendary: ["Mewtwo", "Lugia"],
  },
};

/** The documented format, written out by hand. */
const TEXT =
  '{"algorithm":"packvault-draw-v1","buyback_rate_bp":9000,' +
  '"card_names":{"common":["Pidgey","Rattata"],"legendary":["Mewtwo","Lugia"],"rare":["Gengar"],"uncommon":["Wartortle"]},' +
  '"grade_tenths":{"max":100,"min":80},' +
  '"odds_bp":{"common":6000,"legendary":500,"rare":1000,"uncommon":2500},' +
  '"price_cents":2500,"value_factor_bp":{"max":13000,"min":7000},' +
  '"value_multiplier_bp":{"common":8000,"legendary":50000,"rare":30000,"uncommon":15000}}';

describe("the canonical odds text and its commitment", () => {
  it("writes the documented text and hashes it with SHA-256", async () => {
    expect(canonicalOddsText(drawRulesOf(PACK))).toBe(TEXT);
    expect(await oddsCommitmentOf(TEXT)).toBe(createHash("sha256").update(TEXT).digest("hex"));
  });

  it("reads back exactly the rules it was written from, odd names included", () => {
    const names = {
      common: ['Quote "Q"', "Back\\slash"],
      uncommon: ["Pokémon ✨", "tab\there"],
      rare: ["日本語"],
      legendary: ["</script>"],
    };
    const rules = drawRulesOf({ ...PACK, cardNames: names });
    expect(parseOddsText(canonicalOddsText(rules))).toEqual(rules);
  });

  it("changes with the odds, a card name, the price or a constant of the draw", async () => {
    const base = await oddsCommitmentOf(canonicalOddsText(drawRulesOf(PACK)));
    const variants = [
      drawRulesOf({
        ...PACK,
        rarityDistribution: { common: 61, uncommon: 24, rare: 10, legendary: 5 },
      }),
      drawRulesOf({ ...PACK, cardNames: { ...PACK.cardNames, rare: ["Gengar "] } }),
      drawRulesOf({ ...PACK, cardNames: { ...PACK.cardNames, legendary: ["Lugia", "Mewtwo"] } }),
      drawRulesOf({ ...PACK, priceCents: 2_501 }),
      { ...drawRulesOf(PACK), buybackRateBp: 8_500 },
      { ...drawRulesOf(PACK), gradeTenths: { min: 70, max: 100 } },
    ];
    const hashes = await Promise.all(variants.map((r) => oddsCommitmentOf(canonicalOddsText(r))));
    expect(new Set([base, ...hashes]).size).toBe(variants.length + 1);
  });

  it("refuses texts that are not canonical, break the format or name another algorithm", () => {
    const refused = [
      "not json",
      TEXT.replace('"algorithm":', ' "algorithm":'),
      JSON.stringify(JSON.parse(TEXT), null, 2),
      // Keys out of order.
      TEXT.replace('{"max":100,"min":80}', '{"min":80,"max":100}'),
      TEXT.replace("packvault-draw-v1", "packvault-draw-v2"),
      TEXT.replace('"common":6000', '"common":6001'),
      TEXT.replace('"common":6000', '"common":6000.5'),
      TEXT.replace('"rare":["Gengar"]', '"rare":[]'),
      TEXT.replace('"price_cents":2500', '"price_cents":2500,"extra":1'),
      TEXT.replace('"grade_tenths":{"max":100,"min":80}', '"grade_tenths":{"max":70,"min":80}'),
    ];
    for (const text of refused) expect(() => parseOddsText(text), text).toThrow(OddsTextError);
    // A rarity with no chance may have no names.
    const noLegendary = TEXT.replace('"legendary":["Mewtwo","Lugia"]', '"legendary":[]')
      .replace('"common":6000', '"common":6500')
      .replace('"legendary":500', '"legendary":0');
    expect(parseOddsText(noLegendary).oddsBp.legendary).toBe(0);
  });
});
