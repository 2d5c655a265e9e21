import type { CardRarity } from "~/lib/domain/rarity";
import { mulDivHalfUp, type Cents } from "./money";
import {
  GRADE_TENTHS,
  RARITIES,
  VALUE_FACTOR_BP,
  VALUE_MULTIPLIER_BP,
  percentToBasisPoints,
  type PackCardNames,
  type RarityDistribution,
} from "./packs";
import { BUYBACK_RATE_BP } from "./rates";

/**
 * Provably fair draws (docs/design.md "Decisions beyond the spec", docs/product/packs-and-fairness.md), shared by the
 * server and the browser verifier on /fairness.
 *
 * The scheme, in full:
 * - A server seed is 32 random bytes written as 64 lowercase hex characters. Before any opening
 *   the user is shown SHA-256(server seed as UTF-8 text), as hex.
 * - The roll bytes of an opening are HMAC-SHA256(key = server seed as UTF-8 text,
 *   message = `${clientSeed}:${nonce}`), 32 bytes. The nonce counts the openings made with that
 *   seed pair, from 0.
 * - The bytes are read as big-endian unsigned 32-bit words u0..u3 (bytes 0-3, 4-7, 8-11,
 *   12-15), each scaled to a range of n values as floor(u x n / 2^32):
 *   1. u0 -> rarity roll in basis points, 0..9999; legendary when below the legendary odds,
 *      rare below legendary + rare, uncommon below legendary + rare + uncommon, else common
 *      (the spec's "under 5 legendary, under 15 rare, under 40 uncommon" reading).
 *   2. u1 -> index of the card name among the pack's names for that rarity.
 *   3. u2 -> grade in tenths, 80..100 (8.0-10.0).
 *   4. u3 -> value factor in basis points, 7000..13000 (0.7000-1.3000).
 * - Estimated value = price x multiplier x factor, rounded half up to the cent.
 * Nothing else is random, so the same seeds, nonce and pack always give the same card.
 */

/**
 * The numbers derived from an opening's roll bytes, as stored with the opening: a card drawn by
 * name (before packs drew real slabs), or a slab drawn from the pack's pool
 * ({@link PoolDrawRolls}, docs/decisions/037-slab-within-a-tier.md).
 */
export type DrawRolls = NamedDrawRolls | PoolDrawRolls;

/** The rolls of a card drawn by name, grade and value factor (the scheme above). */
export type NamedDrawRolls = {
  /** 0..9999 basis points. */
  rarityRoll: number;
  nameIndex: number;
  gradeTenths: number;
  valueFactorBp: number;
};

/**
 * The rolls of a slab drawn from a pool: the rarity roll as above, then u1 scaled to the number
 * of slabs left in the drawn tier (`tierSize`, counted when the pull was made) gives
 * `slabIndex`, the slab's place among them in ascending slab id. `shifted` is true when the slab
 * at that index was being pulled by a concurrent opening and the claim took the next free one in
 * canonical order instead (docs/decisions/041-pool-commitment.md); absent on openings made before
 * it was recorded.
 */
export type PoolDrawRolls = {
  rarityRoll: number;
  slabIndex: number;
  tierSize: number;
  shifted?: boolean;
};

/** Whether `rolls` are a pool draw's. */
export const isPoolDraw = (rolls: DrawRolls): rolls is PoolDrawRolls => "slabIndex" in rolls;

/**
 * The pool draw's numbers of roll bytes `digest` (docs/decisions/037-slab-within-a-tier.md):
 * the rarity from u0 under `oddsBp`, and u1 as a 32-bit word, to be scaled to the tier's size.
 * @throws RangeError when the digest is not 32 bytes.
 */
export function poolRollsOf(
  digest: Uint8Array,
  oddsBp: Record<CardRarity, number>,
): { rarityRoll: number; rarity: CardRarity; slabWord: number } {
  if (digest.length !== 32) throw new RangeError("a roll digest is 32 bytes");
  const rarityRoll = scaled(digest, 0, 10_000);
  return {
    rarityRoll,
    rarity: rarityForRoll(rarityRoll, oddsBp),
    slabWord: scaled(digest, 1, TWO_POW_32),
  };
}

/** floor(word x n / 2^32): the index a 32-bit word picks among `n` slabs (0 when n is 0). */
export const slabIndexOf = (word: number, n: number): number => Math.floor((word * n) / TWO_POW_32);

/** What a draw yields: the card, before it is stored. */
export type Draw = {
  rolls: NamedDrawRolls;
  rarity: CardRarity;
  cardName: string;
  /** 8.0-10.0, one decimal. */
  grade: number;
  estimatedValueCents: Cents;
};

/** What the draw needs of the pack, as it was when opened. */
export type DrawPack = {
  priceCents: Cents;
  rarityDistribution: RarityDistribution;
  cardNames: PackCardNames;
};

/**
 * Everything that turns roll bytes into a card, with the scheme's constants spelled out: what
 * an odds commitment hashes (app/lib/odds-commitment.ts, docs/decisions/016-odds-commitment.md).
 * Odds, multipliers and factors in basis points, the price in cents, grades in tenths; ranges
 * inclusive.
 */
export type DrawRules = {
  /** The draw algorithm's name and version: the scheme above is {@link DRAW_ALGORITHM}. */
  algorithm: string;
  priceCents: Cents;
  /** Per rarity, summing to 10,000. */
  oddsBp: Record<CardRarity, number>;
  cardNames: PackCardNames;
  valueMultiplierBp: Record<CardRarity, number>;
  valueFactorBp: { min: number; max: number };
  gradeTenths: { min: number; max: number };
  /** The buyback offer made with each pull, in basis points of the card's value. */
  buybackRateBp: number;
};

/** The name and version of the scheme documented above. A change of the scheme gets a new one. */
export const DRAW_ALGORITHM = "packvault-draw-v1";

/** The rules a pack draws with today: its price, odds and names with the scheme's constants. */
export function drawRulesOf(pack: DrawPack): DrawRules {
  return {
    algorithm: DRAW_ALGORITHM,
    priceCents: pack.priceCents,
    oddsBp: Object.fromEntries(
      RARITIES.map((r) => [r, percentToBasisPoints(pack.rarityDistribution[r])]),
    ) as Record<CardRarity, number>,
    cardNames: pack.cardNames,
    valueMultiplierBp: { ...VALUE_MULTIPLIER_BP },
    valueFactorBp: { ...VALUE_FACTOR_BP },
    gradeTenths: { ...GRADE_TENTHS },
    buybackRateBp: BUYBACK_RATE_BP,
  };
}

const TWO_POW_32 = 2 ** 32;

/** floor(u x n / 2^32): a 32-bit word scaled to 0..n-1. */
function scaled(digest: Uint8Array, word: number, n: number): number {
  const at = word * 4;
  const u =
    ((digest[at]! << 24) >>> 0) +
    (digest[at + 1]! << 16) +
    (digest[at + 2]! << 8) +
    digest[at + 3]!;
  return Math.floor((u * n) / TWO_POW_32);
}

/** The rarity a roll in basis points falls in, legendary first (see the scheme above). */
export function rarityForRoll(rollBp: number, oddsBp: Record<CardRarity, number>): CardRarity {
  let bound = 0;
  for (const rarity of [...RARITIES].reverse()) {
    bound += oddsBp[rarity];
    if (rollBp < bound) return rarity;
  }
  return "common";
}

/**
 * The card that the 32 roll bytes `digest` draw under `rules` (the scheme above).
 * @throws RangeError when the digest is not 32 bytes or the drawn rarity has no card names.
 */
export function drawWithRules(digest: Uint8Array, rules: DrawRules): Draw {
  if (digest.length !== 32) throw new RangeError("a roll digest is 32 bytes");
  const rarityRoll = scaled(digest, 0, 10_000);
  const rarity = rarityForRoll(rarityRoll, rules.oddsBp);
  const names = rules.cardNames[rarity];
  if (!names?.length) throw new RangeError(`the pack has no ${rarity} card names`);
  const nameIndex = scaled(digest, 1, names.length);
  const { gradeTenths: grades, valueFactorBp: factors } = rules;
  const gradeTenths = grades.min + scaled(digest, 2, grades.max - grades.min + 1);
  const valueFactorBp = factors.min + scaled(digest, 3, factors.max - factors.min + 1);
  return {
    rolls: { rarityRoll, nameIndex, gradeTenths, valueFactorBp },
    rarity,
    cardName: names[nameIndex]!,
    grade: gradeTenths / 10,
    estimatedValueCents: mulDivHalfUp(
      rules.priceCents,
      rules.valueMultiplierBp[rarity] * valueFactorBp,
      100_000_000,
    ),
  };
}

/**
 * The card that the 32 roll bytes `digest` draw from `pack` with today's rules.
 * @throws RangeError when the digest is not 32 bytes or the drawn rarity has no card names.
 */
export const drawFromDigest = (digest: Uint8Array, pack: DrawPack): Draw =>
  drawWithRules(digest, drawRulesOf(pack));

/** The HMAC message of an opening: `${clientSeed}:${nonce}`. */
export const rollMessage = (clientSeed: string, nonce: number): string => `${clientSeed}:${nonce}`;

const utf8 = new TextEncoder();
const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 of `text` as UTF-8, lowercase hex, with WebCrypto (browsers, Node 20+). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", utf8.encode(text)));
}

/** SHA-256 of the server seed, hex, with WebCrypto (the browser's verifier). */
export const seedHashInBrowser = (serverSeed: string): Promise<string> => sha256Hex(serverSeed);

/**
 * The roll bytes of an opening with WebCrypto (the browser's verifier); see the scheme. Takes
 * the server seed, or its key from {@link rollKeyInBrowser}.
 */
export async function rollDigestInBrowser(
  serverSeed: string | CryptoKey,
  clientSeed: string,
  nonce: number,
): Promise<Uint8Array> {
  const key = typeof serverSeed === "string" ? await rollKeyInBrowser(serverSeed) : serverSeed;
  return new Uint8Array(
    await crypto.subtle.sign("HMAC", key, utf8.encode(rollMessage(clientSeed, nonce))),
  );
}

/** The HMAC-SHA256 key of a server seed, to reuse for the openings made with it. */
export const rollKeyInBrowser = (serverSeed: string): Promise<CryptoKey> =>
  crypto.subtle.importKey(
    "raw",
    utf8.encode(serverSeed),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
