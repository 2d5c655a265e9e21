import type { VerifiableOpening } from "~/.server/packs/fairness";
import {
  drawFromDigest,
  rollDigestInBrowser,
  rollMessage,
  seedHashInBrowser,
  type Draw,
} from "~/lib/fairness";

/** An opening whose seed pair was rotated, so its server seed is known. */
export type RevealedOpening = Omit<VerifiableOpening, "serverSeed"> & { serverSeed: string };

/** What the browser recomputed for one opening, next to what was stored. */
export type Verification = {
  /** SHA-256 of the revealed server seed, hex. */
  computedHash: string;
  /** The recomputed hash equals the hash shown before the opening. */
  hashMatches: boolean;
  /** HMAC-SHA256(server seed, `client seed:nonce`), hex. */
  digestHex: string;
  /** The card the roll bytes draw from the pack as it was (price, odds, names). */
  draw: Draw;
  /** Each part of the stored result compared with the recomputed one. */
  same: { rolls: boolean; name: boolean; rarity: boolean; grade: boolean; value: boolean };
  /** 'match' when the hash and every part of the result agree. */
  verdict: "match" | "mismatch";
};

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** Whether WebCrypto can run here (it needs a secure context: https or localhost). */
export const canVerifyInBrowser = (): boolean =>
  typeof globalThis.crypto !== "undefined" && typeof globalThis.crypto.subtle !== "undefined";

/**
 * Recomputes an opening with WebCrypto, as the scheme in app/lib/fairness.ts describes: the
 * revealed server seed's SHA-256 against the hash shown before opening, then the roll bytes,
 * the rolls and the card from the opening's stored price, odds and card names.
 * @throws RangeError when the stored pack has no card names for the drawn rarity (a broken
 * record: the caller shows it as a mismatch).
 */
export async function verifyOpening(opening: RevealedOpening): Promise<Verification> {
  const computedHash = await seedHashInBrowser(opening.serverSeed);
  const digest = await rollDigestInBrowser(opening.serverSeed, opening.clientSeed, opening.nonce);
  const draw = drawFromDigest(digest, {
    priceCents: opening.priceCents,
    rarityDistribution: opening.rarityDistribution,
    cardNames: opening.cardNames,
  });
  const stored = opening.card;
  const same = {
    rolls:
      draw.rolls.rarityRoll === opening.rolls.rarityRoll &&
      draw.rolls.nameIndex === opening.rolls.nameIndex &&
      draw.rolls.gradeTenths === opening.rolls.gradeTenths &&
      draw.rolls.valueFactorBp === opening.rolls.valueFactorBp,
    name: draw.cardName === stored.name,
    rarity: draw.rarity === stored.rarity,
    grade: draw.rolls.gradeTenths === Math.round(stored.grade * 10),
    value: draw.estimatedValueCents === stored.estimatedValueCents,
  };
  const hashMatches = computedHash === opening.serverSeedHash;
  return {
    computedHash,
    hashMatches,
    digestHex: toHex(digest),
    draw,
    same,
    verdict: hashMatches && Object.values(same).every(Boolean) ? "match" : "mismatch",
  };
}

/** A string as one single-quoted shell word. */
const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * The two commands that check an opening without PackVault: the seed's SHA-256, and the roll
 * bytes (OpenSSL's HMAC of `client seed:nonce` keyed with the server seed).
 */
export function commandLineCheck(serverSeed: string, clientSeed: string, nonce: number): string {
  return [
    `printf '%s' ${shellQuote(serverSeed)} | openssl dgst -sha256`,
    `printf '%s' ${shellQuote(rollMessage(clientSeed, nonce))} | openssl dgst -sha256 -hmac ${shellQuote(serverSeed)}`,
  ].join("\n");
}
