import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { rollDigest, seedHash } from "./fairness";
import type { CardRarity } from "~/lib/domain/rarity";
import { goodnessOfFit } from "~/lib/chi-square";
import {
  drawFromDigest,
  drawRulesOf,
  rarityForRoll,
  rollDigestInBrowser,
  rollMessage,
  seedHashInBrowser,
  type DrawPack,
} from "~/lib/fairness";
import { RARITIES, VALUE_MULTIPLIER_BP } from "~/lib/packs";

const NAMES = {
  common: ["Pidgey", "Rattata", "Caterpie"],
  uncommon: ["Charmeleon", "Wartortle", "Ivysaur"],
  rare: ["Blastoise", "Venusaur", "Gengar"],
  legendary: ["Charizard", "Mewtwo", "Lugia"],
};
/** The vectors below were made with the spec's 60/25/10/5 odds; a pack's odds are an input. */
const ODDS = { common: 60, uncommon: 25, rare: 10, legendary: 5 };
const PACK: DrawPack = {
  priceCents: 2_500,
  rarityDistribution: ODDS,
  cardNames: NAMES,
};

/** A 32-byte digest whose big-endian words u0..u3 are `words` (the rest zero). */
function digestOf(...words: number[]): Uint8Array {
  const bytes = new Uint8Array(32);
  const view = new DataView(bytes.buffer);
  words.forEach((word, i) => view.setUint32(i * 4, word, false));
  return bytes;
}

/** The smallest 32-bit word that floor(u x n / 2^32) maps to `k` (so `k` is reached exactly). */
const wordFor = (k: number, n: number) => Math.ceil((k * 2 ** 32) / n);

/** The documented scheme, written out again independently of the implementation. */
function byHand(digest: Uint8Array, pack: DrawPack) {
  const word = (i: number) =>
    digest[i * 4]! * 2 ** 24 +
    digest[i * 4 + 1]! * 2 ** 16 +
    digest[i * 4 + 2]! * 2 ** 8 +
    digest[i * 4 + 3]!;
  const scale = (i: number, n: number) => Math.floor((word(i) * n) / 2 ** 32);
  const roll = scale(0, 10_000);
  const d = pack.rarityDistribution;
  const rarity: CardRarity =
    roll < d.legendary * 100
      ? "legendary"
      : roll < (d.legendary + d.rare) * 100
        ? "rare"
        : roll < (d.legendary + d.rare + d.uncommon) * 100
          ? "uncommon"
          : "common";
  const names = pack.cardNames[rarity];
  const nameIndex = scale(1, names.length);
  const gradeTenths = 80 + scale(2, 21);
  const factorBp = 7_000 + scale(3, 6_001);
  // price x multiplier x factor, in cents, rounded half up (BigInt: exact).
  const product = BigInt(pack.priceCents) * BigInt(VALUE_MULTIPLIER_BP[rarity]) * BigInt(factorBp);
  const value = Number((product * 2n + 100_000_000n) / 200_000_000n);
  return { roll, rarity, name: names[nameIndex]!, nameIndex, gradeTenths, factorBp, value };
}

describe("drawFromDigest: known vectors", () => {
  it("draws what the documented scheme gives for HMAC-SHA256 of fixed seeds", () => {
    const serverSeed = "a".repeat(64);
    const digest = createHmac("sha256", serverSeed).update("my-client-seed:0").digest();
    const view = new DataView(digest.buffer, digest.byteOffset, 32);
    const u = [0, 1, 2, 3].map((i) => view.getUint32(i * 4, false));
    const expected = byHand(digest, PACK);
    // The words read by hand, scaled with the formula floor(u x n / 2^32).
    expect(expected.roll).toBe(Math.floor((u[0]! * 10_000) / 2 ** 32));
    expect(expected.gradeTenths).toBe(80 + Math.floor((u[2]! * 21) / 2 ** 32));

    // Worked by hand from the hex digest 4cb74d1e a665a0fc 0c9a84ba 462accf5 ...:
    expect(digest.toString("hex").slice(0, 32)).toBe("4cb74d1ea665a0fc0c9a84ba462accf5");
    // u0 = 0x4cb74d1e -> roll 2996 (uncommon: 1500 <= roll < 4000); u1 = 0xa665a0fc -> index 1
    // of 3 (Wartortle); u2 = 0x0c9a84ba -> 80 + 1 = 81 (8.1); u3 = 0x462accf5 -> 7000 + 1644
    // = 8644; value = 2500 x 1.5 x 0.8644 = 3241.5 cents -> 3242 (half up).
    const draw = drawFromDigest(digest, PACK);
    expect(draw).toEqual({
      rolls: { rarityRoll: 2_996, nameIndex: 1, gradeTenths: 81, valueFactorBp: 8_644 },
      rarity: "uncommon",
      cardName: "Wartortle",
      grade: 8.1,
      estimatedValueCents: 3_242,
    });
    expect(draw.rolls).toEqual({
      rarityRoll: expected.roll,
      nameIndex: expected.nameIndex,
      gradeTenths: expected.gradeTenths,
      valueFactorBp: expected.factorBp,
    });
    expect(draw.rarity).toBe(expected.rarity);
    expect(draw.cardName).toBe(expected.name);
    expect(draw.grade).toBe(expected.gradeTenths / 10);
    expect(draw.estimatedValueCents).toBe(expected.value);
  });

  it("draws a known card from hand-made words", () => {
    // u0 = 0x80000000 -> roll 5000 (common); u1 = 0xAAAAAAAB -> index 2 of 3;
    // u2 = 0x40000000 -> 80 + floor(21/4) = 85; u3 = 0xC0000000 -> 7000 + floor(6001 x 3/4) = 11500.
    const draw = drawFromDigest(digestOf(0x80000000, 0xaaaaaaab, 0x40000000, 0xc0000000), PACK);
    expect(draw.rolls).toEqual({
      rarityRoll: 5_000,
      nameIndex: 2,
      gradeTenths: 85,
      valueFactorBp: 11_500,
    });
    expect(draw.rarity).toBe("common");
    expect(draw.cardName).toBe("Caterpie");
    expect(draw.grade).toBe(8.5);
    // $25 x 0.8 x 1.15 = $23.00
    expect(draw.estimatedValueCents).toBe(2_300);
  });

  it("matches the hand-written scheme for many random digests and packs", () => {
    for (let i = 0; i < 2_000; i++) {
      const pack: DrawPack = { ...PACK, priceCents: 1 + randomInt(10_000_000) };
      const digest = randomBytes(32);
      const expected = byHand(digest, pack);
      const draw = drawFromDigest(digest, pack);
      expect(draw.rarity).toBe(expected.rarity);
      expect(draw.cardName).toBe(expected.name);
      expect(draw.rolls.gradeTenths).toBe(expected.gradeTenths);
      expect(draw.rolls.valueFactorBp).toBe(expected.factorBp);
      expect(draw.estimatedValueCents).toBe(expected.value);
    }
  });

  it("refuses a digest that is not 32 bytes, or a rarity without names", () => {
    expect(() => drawFromDigest(new Uint8Array(31), PACK)).toThrow(RangeError);
    expect(() =>
      drawFromDigest(digestOf(0), { ...PACK, cardNames: { ...NAMES, legendary: [] } }),
    ).toThrow(RangeError);
  });
});

describe("drawFromDigest: rarity boundaries of the default distribution", () => {
  const cases: [number, CardRarity][] = [
    [0, "legendary"],
    [499, "legendary"],
    [500, "rare"],
    [1_499, "rare"],
    [1_500, "uncommon"],
    [3_999, "uncommon"],
    [4_000, "common"],
    [9_999, "common"],
  ];
  it.each(cases)("roll %i is %s", (roll, rarity) => {
    const draw = drawFromDigest(digestOf(wordFor(roll, 10_000)), PACK);
    expect(draw.rolls.rarityRoll).toBe(roll);
    expect(draw.rarity).toBe(rarity);
  });

  it("the word just below a boundary rolls one less", () => {
    expect(drawFromDigest(digestOf(wordFor(500, 10_000) - 1), PACK).rolls.rarityRoll).toBe(499);
    expect(drawFromDigest(digestOf(0xffffffff), PACK).rolls.rarityRoll).toBe(9_999);
  });

  it("never draws a rarity with 0% odds", () => {
    const distribution = { common: 33.33, uncommon: 33.33, rare: 33.34, legendary: 0 };
    const pack = { ...PACK, rarityDistribution: distribution };
    for (const roll of [0, 1, 3_332, 3_333, 6_665, 6_666, 9_999]) {
      expect(drawFromDigest(digestOf(wordFor(roll, 10_000)), pack).rarity).not.toBe("legendary");
    }
    for (let i = 0; i < 5_000; i++) {
      expect(drawFromDigest(randomBytes(32), pack).rarity).not.toBe("legendary");
    }
    // Every roll of a 100% common pack is common; rarityForRoll (odds in basis points) agrees
    // at the edges.
    const allCommon = { common: 10_000, uncommon: 0, rare: 0, legendary: 0 };
    for (const roll of [0, 1, 5_000, 9_999]) expect(rarityForRoll(roll, allCommon)).toBe("common");
    const oddsBp = drawRulesOf(pack).oddsBp;
    expect(oddsBp).toEqual({ common: 3_333, uncommon: 3_333, rare: 3_334, legendary: 0 });
    expect(rarityForRoll(0, oddsBp)).toBe("rare");
    expect(rarityForRoll(3_333, oddsBp)).toBe("rare");
    expect(rarityForRoll(3_334, oddsBp)).toBe("uncommon");
    expect(rarityForRoll(6_666, oddsBp)).toBe("uncommon");
    expect(rarityForRoll(6_667, oddsBp)).toBe("common");
  });
});

describe("drawFromDigest: grade, factor and value", () => {
  it("grades 8.0 and factors 0.7 at word 0x00000000, 10.0 and 1.3 at 0xFFFFFFFF", () => {
    const low = drawFromDigest(digestOf(0, 0, 0x00000000, 0x00000000), PACK);
    expect(low.grade).toBe(8);
    expect(low.rolls.valueFactorBp).toBe(7_000);
    expect(low.cardName).toBe("Charizard");
    const high = drawFromDigest(digestOf(0, 0xffffffff, 0xffffffff, 0xffffffff), PACK);
    expect(high.grade).toBe(10);
    expect(high.rolls.valueFactorBp).toBe(13_000);
    expect(high.cardName).toBe("Lugia");
  });

  it("keeps grade in 8.0-10.0 (one decimal) and the factor in 0.7-1.3 for random digests", () => {
    for (let i = 0; i < 10_000; i++) {
      const { grade, rolls } = drawFromDigest(randomBytes(32), PACK);
      expect(grade).toBeGreaterThanOrEqual(8);
      expect(grade).toBeLessThanOrEqual(10);
      expect(Math.round(grade * 10)).toBe(rolls.gradeTenths);
      expect(rolls.valueFactorBp).toBeGreaterThanOrEqual(7_000);
      expect(rolls.valueFactorBp).toBeLessThanOrEqual(13_000);
    }
  });

  it("rounds the value half up to the cent", () => {
    // u3 = 0 -> factor 7000; legendary (u0 = 0) x5: value = price x 5 x 0.7 = price x 3.5.
    const legendary = (priceCents: number) =>
      drawFromDigest(digestOf(0, 0, 0, 0), { ...PACK, priceCents }).estimatedValueCents;
    expect(legendary(1)).toBe(4); // 3.5 -> 4
    expect(legendary(3)).toBe(11); // 10.5 -> 11
    expect(legendary(100)).toBe(350);
    // Common (x0.8) at factor 7001: $25 x 0.8 x 0.7001 = 1400.2 cents -> 1400.
    const word = wordFor(1, 6_001);
    const common = drawFromDigest(digestOf(0xffffffff, 0, 0, word), PACK);
    expect(common.rolls.valueFactorBp).toBe(7_001);
    expect(common.estimatedValueCents).toBe(1_400);
    const valueAt = (rarity: "common" | "uncommon", factorBp: number, priceCents: number) =>
      drawFromDigest(
        digestOf(
          rarity === "common" ? 0xffffffff : wordFor(2_000, 10_000),
          0,
          0,
          wordFor(factorBp - 7_000, 6_001),
        ),
        { ...PACK, priceCents },
      ).estimatedValueCents;
    expect(valueAt("common", 7_500, 1)).toBe(1); // 0.6 -> 1
    expect(valueAt("common", 10_000, 3)).toBe(2); // 2.4 -> 2
    expect(valueAt("uncommon", 10_000, 1)).toBe(2); // 1.5 -> 2
    expect(valueAt("uncommon", 10_000, 3)).toBe(5); // 4.5 -> 5 (not 4, as banker's rounding)
    expect(valueAt("uncommon", 10_000, 5)).toBe(8); // 7.5 -> 8
    expect(valueAt("common", 10_000, 5)).toBe(4); // exactly 4
  });
});

describe("the browser verifier equals the server", () => {
  it("hashes seeds and rolls digests like node:crypto for random seeds and nonces", async () => {
    for (let i = 0; i < 200; i++) {
      const serverSeed = randomBytes(32).toString("hex");
      const clientSeed =
        randomBytes(1 + randomInt(24))
          .toString("base64url")
          .slice(0, 64) || "x";
      const nonce = randomInt(1_000_000);
      expect(await seedHashInBrowser(serverSeed)).toBe(seedHash(serverSeed));
      expect(await rollDigestInBrowser(serverSeed, clientSeed, nonce)).toEqual(
        new Uint8Array(rollDigest(serverSeed, clientSeed, nonce)),
      );
    }
  });

  it("uses the documented message and hash: HMAC-SHA256(server seed, 'client seed:nonce')", async () => {
    const serverSeed = "0f".repeat(32);
    expect(rollMessage("clientseed", 0)).toBe("clientseed:0");
    const expected = createHmac("sha256", serverSeed).update("clientseed:0").digest();
    expect(Buffer.from(await rollDigestInBrowser(serverSeed, "clientseed", 0))).toEqual(expected);
    expect(await seedHashInBrowser(serverSeed)).toBe(
      createHash("sha256").update(serverSeed).digest("hex"),
    );
  });
});

describe("the draw's distribution (chi-square goodness of fit)", () => {
  it("follows the default odds and grades 8.0-10.0 uniformly over 100,000 draws", () => {
    const draws = 100_000;
    const pool = randomBytes(32 * draws);
    const rarityCounts = new Map<CardRarity, number>(RARITIES.map((r) => [r, 0]));
    const gradeCounts = Array.from({ length: 21 }, () => 0);
    for (let i = 0; i < draws; i++) {
      const draw = drawFromDigest(pool.subarray(i * 32, i * 32 + 32), PACK);
      rarityCounts.set(draw.rarity, rarityCounts.get(draw.rarity)! + 1);
      gradeCounts[draw.rolls.gradeTenths - 80]! += 1;
    }
    const observed = RARITIES.map((r) => rarityCounts.get(r)!);
    const odds = goodnessOfFit(
      observed,
      RARITIES.map((r) => ODDS[r] / 100),
    );
    // p >= 0.001: fails only by a 1-in-1000 fluke.
    expect(odds!.df).toBe(3);
    expect(odds!.pValue).toBeGreaterThan(0.001);
    // 21 grades, 20 degrees of freedom.
    const grades = goodnessOfFit(
      gradeCounts,
      gradeCounts.map(() => 1 / 21),
    );
    expect(grades!.df).toBe(20);
    expect(grades!.pValue).toBeGreaterThan(0.001);
  });
});
