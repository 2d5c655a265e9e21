import { and, eq, gt, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { buybackOffers, fairnessSeeds, packOpenings, packs, userCards } from "../db/schema";
import { DomainError } from "../errors";
import { assertMayPlay } from "../play/guard";
import {
  achievementsUnlockedBy,
  unlockAchievements,
  type UnlockedAchievement,
} from "../rewards/achievements";
import { awardPoints, pointsForCents } from "../rewards/ledger";
import { insufficientBalance, postMovement, userBalanceCents } from "../wallet/ledger";
import { activeSeedPair, rollDigest } from "./fairness";
import { drawFromDigest } from "~/lib/fairness";
import { applyBasisPoints, type Cents } from "~/lib/money";
import { BUYBACK_RATE_BP, BUYBACK_TTL_SECONDS, certNumber } from "~/lib/packs";
import type { CardRarity } from "~/components/ui/rarity-badge";

/** Spec section 3: a pulled card's category and condition. */
export const PULLED_CARD_CATEGORY = "Trading Cards";
export const PULLED_CARD_CONDITION = "Mint";

/** What an opening yields, as the dialog reveals it (spec "Pack opening dialog"). */
export type Pull = {
  openingId: number;
  packId: number;
  card: {
    id: number;
    name: string;
    description: string;
    rarity: CardRarity;
    /** 8.0-10.0, one decimal. */
    grade: number;
    condition: string;
    category: string;
    packCategory: string;
    estimatedValueCents: Cents;
    certNumber: string;
  };
  buyback: { offerId: number; amountCents: Cents; expiresAt: Date };
  /** Reward points the opening earned: one per whole dollar of the price (issue 7). */
  pointsEarned: number;
  /** Achievements this opening unlocked. */
  achievements: UnlockedAchievement[];
};

const notSignedIn = () => new DomainError("not_signed_in", "Please log in to open packs", 401);
const outOfStock = () => new DomainError("out_of_stock", "Pack is out of stock", 409);

/**
 * Opens one pack for the signed-in user (issue 5 section 3; spec sections 4, 5 and 9), in ONE
 * transaction:
 * 1. locks the user's seed pair (their openings go one at a time) and, if this
 *    `idempotencyKey` already opened a pack, returns that pull: a retried or doubled request
 *    never buys or rolls again;
 * 2. draws from HMAC-SHA256(server seed, `client seed:nonce`) with the pack's odds and names as
 *    read, and advances the nonce;
 * 3. stores the card (vaulted, 'Trading Cards', Mint), the opening with its proof, and a
 *    pending buyback offer of 90 % of the value, expiring 24 hours later;
 * 4. awards one reward point per whole dollar of the price and unlocks the achievements the
 *    opening earned (issue 7);
 * 5. takes one unit of stock with a conditional update (active, `available_count > 0`, and
 *    the price, odds and names unchanged since they were read), so N parallel openings of a
 *    pack with k left make exactly min(N, k) cards;
 * 6. debits the price from the user's wallet to the platform (ledger).
 * Steps 5 and 6 lock the rows every opening contends for, so they come last.
 * Nothing the client sends besides the pack id and key reaches the draw.
 * @throws DomainError `not_signed_in` (401, 'Please log in to open packs'); `pack_not_found`
 * (404, 'Pack not found'); `out_of_stock` (409, 'Pack is out of stock') for a sold-out or
 * inactive pack; `pack_changed` (409) when an admin edited the pack meanwhile;
 * `insufficient_balance` (402, 'Insufficient balance'); `play_paused`, `date_of_birth_required`,
 * `limit_exceeded` (403) from the play guard, which also runs in this transaction
 * (docs/decisions/010-responsible-play.md).
 */
export async function openPack(
  ctx: Ctx,
  input: { packId: number; idempotencyKey: string },
): Promise<Pull> {
  if (!ctx.actor) throw notSignedIn();
  const userId = ctx.actor.userId;
  return ctx.db.transaction(async (tx) => {
    const pair = await activeSeedPair(tx, ctx, userId, { lock: true });
    const [earlier] = await tx
      .select({ id: packOpenings.id })
      .from(packOpenings)
      .where(
        and(eq(packOpenings.userId, userId), eq(packOpenings.idempotencyKey, input.idempotencyKey)),
      );
    if (earlier) return pullOf(tx, userId, earlier.id);

    const [pack] = await tx.select().from(packs).where(eq(packs.id, input.packId));
    if (!pack) throw new DomainError("pack_not_found", "Pack not found", 404);
    if (!pack.isActive || pack.availableCount <= 0) throw outOfStock();
    await assertMayPlay(tx, ctx, { userId, kind: "pack-spend", amountCents: pack.priceCents });
    // Fails fast without the writes below; the ledger's conditional update is what guarantees it.
    if ((await userBalanceCents(tx, userId)) < pack.priceCents) throw insufficientBalance();

    const nonce = pair.nonce;
    const draw = drawFromDigest(rollDigest(pair.serverSeed, pair.clientSeed, nonce), pack);
    await tx
      .update(fairnessSeeds)
      .set({ nonce: sql`${fairnessSeeds.nonce} + 1` })
      .where(eq(fairnessSeeds.id, pair.id));

    const [card] = await tx
      .insert(userCards)
      .values({
        userId,
        cardName: draw.cardName,
        cardDescription: `${draw.rarity === "uncommon" ? "An" : "A"} ${draw.rarity} ${pack.category} pull from ${pack.name}.`,
        category: PULLED_CARD_CATEGORY,
        packCategory: pack.category,
        packId: pack.id,
        rarity: draw.rarity,
        condition: PULLED_CARD_CONDITION,
        grade: draw.grade,
        estimatedValueCents: draw.estimatedValueCents,
        pulledAt: ctx.now(),
      })
      .returning({ id: userCards.id });
    const [opening] = await tx
      .insert(packOpenings)
      .values({
        userId,
        packId: pack.id,
        cardId: card!.id,
        idempotencyKey: input.idempotencyKey,
        pricePaidCents: pack.priceCents,
        rarityDistribution: pack.rarityDistribution,
        cardNames: pack.cardNames,
        seedId: pair.id,
        serverSeedHash: pair.serverSeedHash,
        clientSeed: pair.clientSeed,
        nonce,
        rolls: draw.rolls,
        // In force because the stock update below refuses a pack edited since it was read.
        oddsCommitment: pack.oddsCommitment,
        createdAt: ctx.now(),
      })
      .returning({ id: packOpenings.id });
    await tx.insert(buybackOffers).values({
      userId,
      cardId: card!.id,
      offerAmountCents: applyBasisPoints(draw.estimatedValueCents, BUYBACK_RATE_BP),
      expiresAt: new Date(ctx.now().getTime() + BUYBACK_TTL_SECONDS * 1000),
      createdAt: ctx.now(),
    });
    const points = pointsForCents(pack.priceCents);
    if (points > 0) {
      await awardPoints(tx, {
        userId,
        points,
        type: "pack_opening",
        description: `Opened ${pack.name}`,
        reference: `pack_opening:${opening!.id}`,
      });
    }
    await unlockAchievements(tx, {
      userId,
      trigger: "pack_opening",
      source: `pack_opening:${opening!.id}`,
      now: ctx.now(),
    });
    const pull = await pullOf(tx, userId, opening!.id);

    // The contended rows last, so they are held only until the commit: the pack's stock
    // (every opening of this pack) and then the wallets, the platform's last of all (every
    // opening and buyback anywhere). DESIGN.md lock order: rewards, pack, user wallet, platform.
    const [taken] = await tx
      .update(packs)
      .set({ availableCount: sql`${packs.availableCount} - 1` })
      .where(
        and(
          eq(packs.id, pack.id),
          eq(packs.isActive, true),
          gt(packs.availableCount, 0),
          // The draw used these: refuse if an admin changed them since they were read.
          eq(packs.priceCents, pack.priceCents),
          sql`${packs.rarityDistribution} = ${JSON.stringify(pack.rarityDistribution)}::jsonb`,
          sql`${packs.cardNames} = ${JSON.stringify(pack.cardNames)}::jsonb`,
        ),
      )
      .returning({ id: packs.id });
    if (!taken) {
      const [now] = await tx
        .select({ isActive: packs.isActive, availableCount: packs.availableCount })
        .from(packs)
        .where(eq(packs.id, pack.id));
      if (!now?.isActive || now.availableCount <= 0) throw outOfStock();
      throw new DomainError("pack_changed", "This pack was just updated. Please try again.", 409);
    }

    await postMovement(tx, {
      kind: "pack_purchase",
      reference: `pack_opening:${opening!.id}`,
      description: `Opened ${pack.name}`,
      legs: [
        { account: { userId }, amountCents: -pack.priceCents },
        { account: "platform", amountCents: pack.priceCents },
      ],
    });
    return pull;
  });
}

type ReadTx = Pick<Ctx["db"], "select">;

/**
 * The pull of one of the user's openings, as it was made (its card, buyback offer, points and
 * the achievements it unlocked), so a retry answers exactly like the first request.
 * @throws DomainError `opening_not_found` (404) when it is not theirs.
 */
export async function pullOf(tx: ReadTx, userId: string, openingId: number): Promise<Pull> {
  const [row] = await tx
    .select({
      openingId: packOpenings.id,
      packId: packOpenings.packId,
      card: userCards,
      offerId: buybackOffers.id,
      amountCents: buybackOffers.offerAmountCents,
      expiresAt: buybackOffers.expiresAt,
      pricePaidCents: packOpenings.pricePaidCents,
    })
    .from(packOpenings)
    .innerJoin(userCards, eq(userCards.id, packOpenings.cardId))
    .innerJoin(buybackOffers, eq(buybackOffers.cardId, userCards.id))
    .where(and(eq(packOpenings.id, openingId), eq(packOpenings.userId, userId)))
    .orderBy(buybackOffers.id)
    .limit(1);
  if (!row) throw new DomainError("opening_not_found", "Opening not found", 404);
  const { card } = row;
  return {
    openingId: row.openingId,
    packId: row.packId,
    card: {
      id: card.id,
      name: card.cardName,
      description: card.cardDescription,
      rarity: card.rarity,
      grade: card.grade,
      condition: card.condition,
      category: card.category,
      packCategory: card.packCategory ?? card.category,
      estimatedValueCents: card.estimatedValueCents,
      certNumber: certNumber(card.id),
    },
    buyback: { offerId: row.offerId, amountCents: row.amountCents, expiresAt: row.expiresAt },
    pointsEarned: pointsForCents(row.pricePaidCents),
    achievements: await achievementsUnlockedBy(tx, `pack_opening:${row.openingId}`),
  };
}
