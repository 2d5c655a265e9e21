import { ownerId } from "../policy/account-ctx";
import { inTransaction, type Ctx } from "../context";
import { redemptions } from "../db/schema";
import { unlockAchievements } from "../rewards/achievements";
import type { UnlockedAchievement } from "~/lib/domain/rewards";
import { redeemCard } from "./card-status";
import { REDEMPTION_COUNTRY, type Redemption } from "~/lib/schemas/redemption";

/**
 * Requests shipment of a vaulted card (docs/product/vault.md), in ONE transaction: the card's pending buyback offer is cancelled, the card goes
 * from vaulted to `redeemed` (conditional update), and a pending redemption to the given US
 * address is created.
 * Unlocks the achievements a redemption earns (docs/product/rewards.md).
 * `form` is the redemption form as redemptionSchema parsed it (state in capitals, ZIP+4 as
 * 12345-6789; docs/decisions/013-parsing-once-at-the-seam.md).
 * @returns the redemption's id and the achievements unlocked.
 * @throws DomainError `card_not_vaulted` (409) when the card is not the user's or not in the vault;
 * `not_signed_in` (401). Nothing changes on any of them.
 */
export async function requestRedemption(
  ctx: Ctx,
  form: Redemption,
): Promise<{ redemptionId: number; achievements: UnlockedAchievement[] }> {
  const userId = ownerId(ctx);
  return inTransaction(ctx, async (tx) => {
    await redeemCard(tx, { userId, cardId: form.cardId });
    const [redemption] = await tx.db
      .insert(redemptions)
      .values({
        userId,
        cardId: form.cardId,
        shippingName: form.shippingName,
        shippingAddress: form.shippingAddress,
        shippingCity: form.shippingCity,
        shippingState: form.shippingState,
        shippingZip: form.shippingZip,
        shippingCountry: REDEMPTION_COUNTRY,
        requestedAt: tx.now(),
      })
      .returning({ id: redemptions.id });
    const achievements = await unlockAchievements(tx, {
      userId,
      trigger: "redemption",
      source: `redemption:${redemption!.id}`,
    });
    return { redemptionId: redemption!.id, achievements };
  });
}
