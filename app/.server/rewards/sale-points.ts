import { unlockAchievements, type RewardTx } from "./achievements";
import type { UnlockedAchievement } from "~/lib/domain/rewards";
import { awardPoints, pointsForCents } from "./ledger";

/**
 * What a completed marketplace sale earns its seller (docs/product/rewards.md), in the sale's
 * transaction: one point per whole dollar of the amount ('sale'), and the achievements a sale
 * unlocks. Called when the money reaches the seller: at once for a card, on escrow release for
 * a physical item.
 * @returns the achievements the seller unlocked.
 */
export async function rewardCompletedSale(
  tx: RewardTx,
  sale: { sellerId: string; amountCents: number; transactionId: number; title: string },
): Promise<UnlockedAchievement[]> {
  const source = `transaction:${sale.transactionId}`;
  const points = pointsForCents(sale.amountCents);
  if (points > 0) {
    await awardPoints(tx, {
      userId: sale.sellerId,
      points,
      type: "sale",
      description: `Sold ${sale.title}`,
      reference: source,
    });
  }
  return unlockAchievements(tx, {
    userId: sale.sellerId,
    trigger: "sale",
    source,
  });
}
