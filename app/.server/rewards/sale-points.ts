import type { Ctx } from "../context";
import type { Database } from "../db/client";
import { unlockAchievements } from "./achievements";
import type { UnlockedAchievement } from "~/lib/domain/rewards";
import { awardPoints, pointsForCents } from "./ledger";

type Tx = Pick<Database, "select" | "insert" | "$with" | "with" | "execute">;

/**
 * What a completed marketplace sale earns its seller (docs/product/rewards.md), in the sale's
 * transaction: one point per whole dollar of the amount ('sale'), and the achievements a sale
 * unlocks. Called when the money reaches the seller: at once for a card, on escrow release for
 * a physical item.
 * @returns the achievements the seller unlocked.
 */
export async function rewardCompletedSale(
  tx: Tx,
  sale: {
    sellerId: string;
    amountCents: number;
    transactionId: number;
    title: string;
    now: Date;
    afterCommit: Ctx["afterCommit"];
  },
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
    now: sale.now,
    afterCommit: sale.afterCommit,
  });
}
