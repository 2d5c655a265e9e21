import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DRAW_LOG_FORMAT, DRAW_LOG_VERSION, type DrawLog, type DrawLogEntry } from "./draw-log";
import { drawFromDigest, drawRulesOf, type DrawPack } from "./fairness";
import { applyBasisPoints } from "./money";
import { canonicalOddsText } from "./odds-commitment";
import { verifyDrawLog } from "./verify-draws";
import { BUYBACK_RATE_BP } from "./rates";

const PACK: DrawPack = {
  priceCents: 2_500,
  rarityDistribution: { common: 60, uncommon: 25, rare: 10, legendary: 5 },
  cardNames: {
    common: ["Pidgey", "Rattata", "Caterpie"],
    uncommon: ["Charmeleon", "Wartortle", "Ivysaur"],
    rare: ["Blastoise", "Venusaur", "Gengar"],
    legendary: ["Charizard", "Mewtwo", "Lugia"],
  },
};
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const TEXT = canonicalOddsText(drawRulesOf(PACK));
const COMMITMENT = sha256(TEXT);
const OTHER_PACK: DrawPack = {
  ...PACK,
  rarityDistribution: { ...PACK.rarityDistribution, common: 55, legendary: 10 },
};
const OTHER_TEXT = canonicalOddsText(drawRulesOf(OTHER_PACK));

/** The roll bytes of an entry, with node:crypto. */
const rollOf = (o: DrawLogEntry) =>
  createHmac("sha256", o.server_seed!).update(`${o.client_seed}:${o.nonce}`).digest();

/** An opening drawn with node:crypto (independently of the WebCrypto verifier). */
function entry(id: number, serverSeed: string, revealed = true): DrawLogEntry {
  const clientSeed = "client-seed";
  const nonce = id - 1;
  const digest = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}`).digest();
  const draw = drawFromDigest(digest, PACK);
  return {
    opening_id: id,
    opened_at: new Date(Date.UTC(2026, 10, 1, 12, id)).toISOString(),
    user_tag: "u-0123456789abcdef",
    server_seed_hash: sha256(serverSeed),
    server_seed: revealed ? serverSeed : null,
    client_seed: clientSeed,
    nonce,
    odds_commitment: COMMITMENT,
    price_cents: PACK.priceCents,
    rarity: draw.rarity,
    card_name: draw.cardName,
    grade: draw.grade,
    value_cents: draw.estimatedValueCents,
    buyback_cents: applyBasisPoints(draw.estimatedValueCents, BUYBACK_RATE_BP),
    slab_index: null,
    tier_size: null,
    slab_id: null,
    slab_grader: null,
    slab_cert: null,
    slab_shifted: null,
    pool_commitment: null,
  };
}

function drawLog(openings: DrawLogEntry[]): DrawLog {
  return {
    format: DRAW_LOG_FORMAT,
    version: DRAW_LOG_VERSION,
    pack: { id: 1, name: "Kanto Starter Pack" },
    generated_at: "2026-11-02T00:00:00.000Z",
    commitments: { [COMMITMENT]: TEXT, [sha256(OTHER_TEXT)]: OTHER_TEXT },
    pools: {},
    openings,
  };
}

const SEED = "b".repeat(64);
const honest = () => Array.from({ length: 40 }, (_, i) => entry(i + 1, SEED));

describe("verifyDrawLog", () => {
  it("recomputes every revealed opening of an honest log and finds them all matching", async () => {
    const report = await verifyDrawLog(drawLog([...honest(), entry(41, "c".repeat(64), false)]));
    expect(report).toMatchObject({ total: 41, matched: 40, mismatched: 0, unrevealed: 1 });
  });

  it("catches one changed rarity, one changed value and one wrong commitment", async () => {
    const openings = honest();
    const rarer = openings.findIndex((o) => o.rarity !== "legendary");
    openings[rarer] = { ...openings[rarer]!, rarity: "legendary" };
    openings[7] = { ...openings[7]!, value_cents: openings[7]!.value_cents + 1 };
    // Another valid commitment, under whose odds this opening's roll draws another card (for
    // a roll that draws the same card under both, the claim cannot be told from the truth).
    const other = openings.findIndex(
      (o, i) =>
        i > 8 &&
        drawFromDigest(rollOf(o), OTHER_PACK).rarity !== drawFromDigest(rollOf(o), PACK).rarity,
    );
    openings[other] = { ...openings[other]!, odds_commitment: sha256(OTHER_TEXT) };
    openings[8] = { ...openings[8]!, odds_commitment: "f".repeat(64) };
    const report = await verifyDrawLog(drawLog(openings));
    const bad = report.entries.filter((e) => e.status === "mismatch");
    expect(bad.map((e) => e.openingId).sort((a, b) => a - b)).toEqual(
      [...new Set([openings[rarer]!.opening_id, 8, 9, other + 1])].sort((a, b) => a - b),
    );
    expect(bad.find((e) => e.openingId === 8)!.problems).toContain(
      "the stored value differs from the recomputed one",
    );
    expect(bad.find((e) => e.openingId === 9)!.problems).toContain(
      "its odds commitment is unknown",
    );
    expect(bad.find((e) => e.openingId === other + 1)!.problems).not.toEqual([]);
  });

  it("catches an edited odds text, a wrong seed and a wrong buyback", async () => {
    const edited = TEXT.replace('"legendary":500', '"legendary":400').replace(
      '"common":6000',
      '"common":6100',
    );
    const log = { ...drawLog(honest()), commitments: { [COMMITMENT]: edited } };
    const report = await verifyDrawLog(log);
    expect(report.mismatched).toBe(40);
    expect(report.entries[0]!.problems).toContain("the odds text does not hash to its commitment");

    const openings = honest();
    openings[0] = { ...openings[0]!, server_seed: "d".repeat(64) };
    openings[1] = { ...openings[1]!, buyback_cents: openings[1]!.buyback_cents! + 1 };
    const second = await verifyDrawLog(drawLog(openings));
    expect(second.entries[0]!.problems).toContain(
      "the server seed does not hash to the seed hash shown before",
    );
    expect(second.entries[1]!.problems).toContain(
      "the stored buyback differs from the recomputed one",
    );
    expect(second.mismatched).toBe(2);
  });

  it("checks an unrevealed opening against what its commitment can draw", async () => {
    const sealed = (patch: Partial<DrawLogEntry>) => ({ ...entry(1, SEED, false), ...patch });
    const base = sealed({});
    const report = await verifyDrawLog(
      drawLog([
        base,
        sealed({ opening_id: 2, card_name: "Pikachu" }),
        sealed({ opening_id: 3, grade: 7.9 }),
        sealed({ opening_id: 4, value_cents: 10_000_000 }),
        sealed({ opening_id: 5, buyback_cents: base.value_cents }),
      ]),
    );
    expect(report.entries.map((e) => e.status)).toEqual([
      "unrevealed",
      "mismatch",
      "mismatch",
      "mismatch",
      "mismatch",
    ]);
  });
});
