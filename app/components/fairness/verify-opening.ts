import type { VerifiableOpening } from "~/lib/domain/packs";
import { rollMessage } from "~/lib/fairness";
import { verifyOpeningProof, type ProofCheck } from "~/lib/verify-draws";

/** An opening whose seed pair was rotated, so its server seed is known. */
export type RevealedOpening = Omit<VerifiableOpening, "serverSeed"> & { serverSeed: string };

/** What the browser recomputed for one opening, next to what was stored. */
export type Verification = ProofCheck;

/** Whether WebCrypto can run here (it needs a secure context: https or localhost). */
export const canVerifyInBrowser = (): boolean =>
  typeof globalThis.crypto !== "undefined" && typeof globalThis.crypto.subtle !== "undefined";

/**
 * Recomputes an opening with WebCrypto (app/lib/verify-draws.ts): the revealed server seed's
 * SHA-256 against the hash shown before opening, the odds text against the opening's odds
 * commitment, then the roll bytes, the rolls and the card under the committed rules.
 */
export function verifyOpening(opening: RevealedOpening): Promise<Verification> {
  return verifyOpeningProof(
    {
      serverSeed: opening.serverSeed,
      serverSeedHash: opening.serverSeedHash,
      clientSeed: opening.clientSeed,
      nonce: opening.nonce,
      oddsCommitment: opening.oddsCommitment,
      outcome: {
        rarity: opening.card.rarity,
        cardName: opening.card.name,
        grade: opening.card.grade,
        valueCents: opening.card.estimatedValueCents,
        buybackCents: opening.buybackCents,
      },
      rolls: opening.rolls,
    },
    opening.oddsText ?? undefined,
  );
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
