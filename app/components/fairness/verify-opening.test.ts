import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { commandLineCheck, verifyOpening, type RevealedOpening } from "./verify-opening";
import { drawRulesOf } from "~/lib/fairness";
import { canonicalOddsText } from "~/lib/odds-commitment";

const SERVER_SEED = "a".repeat(64);
const SEED_HASH = createHash("sha256").update(SERVER_SEED).digest("hex");

const NAMES = {
  common: ["Pidgey", "Rattata", "Caterpie"],
  uncommon: ["Charmeleon", "Wartortle", "Ivysaur"],
  rare: ["Blastoise", "Venusaur", "Gengar"],
  legendary: ["Charizard", "Mewtwo", "Lugia"],
};
/** The known vector's odds (the spec's 60/25/10/5): a pack's odds are part of the opening. */
const ODDS = { common: 60, uncommon: 25, rare: 10, legendary: 5 };
const ODDS_TEXT = canonicalOddsText(
  drawRulesOf({ priceCents: 2_500, rarityDistribution: ODDS, cardNames: NAMES }),
);
const COMMITMENT = createHash("sha256").update(ODDS_TEXT).digest("hex");

/** The known vector of app/lib/fairness.test.ts: seed 'a' x 64, 'my-client-seed', nonce 0. */
const opening = (hash = SEED_HASH): RevealedOpening => ({
  openingId: 1,
  packName: "Kanto Starter Pack",
  createdAt: new Date("2026-11-01T12:00:00Z"),
  serverSeedHash: hash,
  serverSeed: SERVER_SEED,
  clientSeed: "my-client-seed",
  nonce: 0,
  oddsCommitment: COMMITMENT,
  oddsText: ODDS_TEXT,
  rolls: { rarityRoll: 2_996, nameIndex: 1, gradeTenths: 81, valueFactorBp: 8_644 },
  buybackCents: 2_918,
  card: {
    name: "Wartortle",
    rarity: "uncommon",
    grade: 8.1,
    estimatedValueCents: 3_242,
    catalogueCardId: null,
  },
});

describe("verifyOpening (the browser's verifier)", () => {
  it("recomputes a known opening and calls it a match", async () => {
    const result = await verifyOpening(opening());
    expect(result.computedHash).toBe(SEED_HASH);
    expect(result.hashMatches).toBe(true);
    expect(result.digestHex).toBe(
      "4cb74d1ea665a0fc0c9a84ba462accf5b30570a70317e4ecc22e812c9f916b80",
    );
    expect(result.commitmentMatches).toBe(true);
    expect(result.draw!.cardName).toBe("Wartortle");
    expect(result.same).toEqual({
      rolls: true,
      name: true,
      rarity: true,
      grade: true,
      value: true,
      buyback: true,
    });
    expect(result.verdict).toBe("match");
  });

  it("calls it a mismatch when the hash, a rolled number or any part of the card differs", async () => {
    const good = opening();
    const cases: RevealedOpening[] = [
      { ...good, serverSeedHash: "0".repeat(64) },
      { ...good, card: { ...good.card, name: "Charmeleon" } },
      { ...good, card: { ...good.card, rarity: "rare" } },
      { ...good, card: { ...good.card, grade: 8.2 } },
      { ...good, card: { ...good.card, estimatedValueCents: 3_241 } },
      { ...good, rolls: { ...good.rolls, valueFactorBp: 8_645 } },
      { ...good, nonce: 1 },
      { ...good, clientSeed: "other" },
      { ...good, buybackCents: 2_919 },
      // The odds text of another price, under the opening's commitment; and no text at all.
      { ...good, oddsText: ODDS_TEXT.replace('"price_cents":2500', '"price_cents":2501') },
      { ...good, oddsText: null },
    ];
    for (const bad of cases) expect((await verifyOpening(bad)).verdict).toBe("mismatch");
  });
});

describe("commandLineCheck", () => {
  it("prints the OpenSSL commands for the seed's hash and the roll bytes", () => {
    expect(commandLineCheck("ab12", "my-seed", 7)).toBe(
      [
        "printf '%s' 'ab12' | openssl dgst -sha256",
        "printf '%s' 'my-seed:7' | openssl dgst -sha256 -hmac 'ab12'",
      ].join("\n"),
    );
    expect(commandLineCheck("x", "it's", 0)).toContain(`'it'\\''s:0'`);
  });

  it.skipIf(!existsSync("/usr/bin/openssl") && !existsSync("/usr/local/bin/openssl"))(
    "gives the same bytes as the verifier when run in a shell",
    () => {
      const [hashLine, hmacLine] = commandLineCheck(SERVER_SEED, "my-client-seed", 0).split("\n");
      const run = (line: string) => execFileSync("sh", ["-c", line], { encoding: "utf8" });
      expect(run(hashLine!)).toContain(SEED_HASH);
      expect(run(hmacLine!)).toContain(
        "4cb74d1ea665a0fc0c9a84ba462accf5b30570a70317e4ecc22e812c9f916b80",
      );
    },
  );
});
