import { createHash, createHmac } from "node:crypto";

import { and, desc, eq, isNull } from "drizzle-orm";

import { ownerId } from "../policy/account-ctx";

import { inTransaction, type Ctx } from "../context";

import type { Database } from "../db/client";

import { DomainError } from "../errors";

import {
  fairnessSeeds,
  oddsCommitments,
  packOpenings,
  packs,
  slabs,
  userCards,
} from "../db/schema";

import { openingSeedColumns } from "./draw-log";

import { rollMessage } from "~/lib/fairness";

import type { VerifiableOpening } from "~/lib/domain/packs";

type Tx = Pick<Database, "insert" | "select" | "update">;

/** SHA-256 of a server seed (as UTF-8 text), hex: what the user sees before opening. */
export const seedHash = (serverSeed: string): string =>
  createHash("sha256").update(serverSeed, "utf8").digest("hex");

/**
 * The 32 roll bytes of an opening: HMAC-SHA256(server seed, `${clientSeed}:${nonce}`), with
 * node:crypto (the scheme is documented in app/lib/fairness.ts).
 */
export function rollDigest(serverSeed: string, clientSeed: string, nonce: number): Uint8Array {
  return createHmac("sha256", serverSeed).update(rollMessage(clientSeed, nonce), "utf8").digest();
}

function newSeedPair(ctx: Pick<Ctx, "random">, userId: string, clientSeed?: string) {
  const serverSeed = ctx.random.bytes(32).toString("hex");
  return {
    userId,
    serverSeed,
    serverSeedHash: seedHash(serverSeed),
    clientSeed: clientSeed ?? ctx.random.bytes(8).toString("hex"),
  };
}

/** The user's active seed pair row. */
export type SeedPair = typeof fairnessSeeds.$inferSelect;

/** How many times {@link activeSeedPair} looks again for the pair a concurrent rotation made. */
const SEED_PAIR_ATTEMPTS = 5;

/**
 * The user's active seed pair, made on first use, locked FOR UPDATE in `tx.db` when `lock` (an
 * opening takes its nonce under this lock, so a user's openings are numbered one by one).
 * A rotation that held the lock meanwhile revealed the pair this statement waited for, and the
 * pair it made is not in this statement's snapshot (PostgreSQL's READ COMMITTED): the next
 * statement sees it, so the read is repeated and the caller gets the current pair.
 * @throws DomainError `seed_pair_busy` (409) 'Your seeds are being changed, please try again'
 *   when rotations keep winning past {@link SEED_PAIR_ATTEMPTS} reads.
 */
export async function activeSeedPair(
  tx: { db: Tx } & Pick<Ctx, "random">,
  userId: string,
  { lock }: { lock: boolean },
): Promise<SeedPair> {
  for (let attempt = 0; attempt < SEED_PAIR_ATTEMPTS; attempt++) {
    await tx.db.insert(fairnessSeeds).values(newSeedPair(tx, userId)).onConflictDoNothing();
    const query = tx.db
      .select()
      .from(fairnessSeeds)
      .where(and(eq(fairnessSeeds.userId, userId), isNull(fairnessSeeds.revealedAt)));
    const [pair] = lock ? await query.for("update") : await query;
    if (pair) return pair;
  }
  throw new DomainError("seed_pair_busy", "Your seeds are being changed, please try again", 409);
}

export type FairnessOverview = {
  serverSeedHash: string;
  clientSeed: string;
  /** The next opening's nonce. */
  nonce: number;
  openings: VerifiableOpening[];
};

/** How many past openings /fairness lists. */
export const FAIRNESS_OPENINGS_LIMIT = 50;

/**
 * The signed-in user's fairness page (docs/product/packs-and-fairness.md): the active pair's hash, client seed
 * and next nonce, and their latest openings with the revealed server seed where the pair was
 * rotated.
 * @throws DomainError `not_signed_in` (401).
 */
export async function fairnessOverview(ctx: Ctx): Promise<FairnessOverview> {
  const userId = ownerId(ctx);
  const pair = await activeSeedPair(ctx, userId, { lock: false });
  const rows = await ctx.db
    .select({
      openingId: packOpenings.id,
      packName: packs.name,
      createdAt: packOpenings.createdAt,
      ...openingSeedColumns(),
      oddsText: oddsCommitments.canonicalText,
      cardName: userCards.cardName,
      rarity: userCards.rarity,
      grade: userCards.grade,
      estimatedValueCents: userCards.estimatedValueCents,
      catalogueCardId: slabs.cardId,
    })
    .from(packOpenings)
    .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, packOpenings.seedId))
    .innerJoin(packs, eq(packs.id, packOpenings.packId))
    .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
    .leftJoin(slabs, eq(slabs.id, userCards.slabId))
    .leftJoin(oddsCommitments, eq(oddsCommitments.commitment, packOpenings.oddsCommitment))
    .where(eq(packOpenings.userId, userId))
    .orderBy(desc(packOpenings.id))
    .limit(FAIRNESS_OPENINGS_LIMIT);
  return {
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
    openings: rows.map(
      ({ cardName, rarity, grade, estimatedValueCents, catalogueCardId, ...opening }) => ({
        ...opening,
        card: { name: cardName, rarity, grade, estimatedValueCents, catalogueCardId },
      }),
    ),
  };
}

/**
 * Sets the client seed of the signed-in user's active pair; later openings use it (the nonce
 * goes on counting). The server seed's hash was shown before, so the user's choice cannot be
 * used against them. The seed comes parsed by clientSeedSchema (trimmed, 1-64 letters, digits,
 * '-' or '_'; docs/decisions/013-parsing-once-at-the-seam.md).
 * @throws DomainError `not_signed_in` (401).
 */
export async function setClientSeed(ctx: Ctx, input: { clientSeed: string }): Promise<void> {
  const userId = ownerId(ctx);
  const { clientSeed } = input;
  await inTransaction(ctx, async (tx) => {
    const pair = await activeSeedPair(tx, userId, { lock: true });
    await tx.db.update(fairnessSeeds).set({ clientSeed }).where(eq(fairnessSeeds.id, pair.id));
  });
}

/**
 * Rotates the signed-in user's seed pair: the active pair is revealed (its server seed may be
 * shown from now on, so every opening made with it can be checked) and a new pair with a new
 * secret server seed, the same client seed and nonce 0 becomes active. Serialised with
 * openings by the pair's row lock.
 * @returns the revealed server seed and the new pair's hash.
 * @throws DomainError `not_signed_in` (401).
 */
export async function rotateSeedPair(
  ctx: Ctx,
): Promise<{ revealedServerSeed: string; serverSeedHash: string }> {
  const userId = ownerId(ctx);
  return inTransaction(ctx, async (tx) => {
    const pair = await activeSeedPair(tx, userId, { lock: true });
    await tx.db
      .update(fairnessSeeds)
      .set({ revealedAt: tx.now() })
      .where(eq(fairnessSeeds.id, pair.id));
    const next = newSeedPair(tx, userId, pair.clientSeed);
    await tx.db.insert(fairnessSeeds).values(next);
    return { revealedServerSeed: pair.serverSeed, serverSeedHash: next.serverSeedHash };
  });
}
