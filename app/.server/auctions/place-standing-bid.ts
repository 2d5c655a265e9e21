import { eq } from "drizzle-orm";
import { inTransaction, type Ctx } from "../context";
import { cards, standingBids } from "../db/schema";
import { DomainError } from "../errors";
import { marketActor } from "../policy/actor";
import { invalidatePagesAfterCommit } from "../page-cache/invalidation";
import { assertMayPlay } from "../policy/guard";
import { holdAmount } from "../wallet/holds";
import { withNoFundsMessage } from "../wallet/ledger";
import { pageTags } from "~/lib/page-cache";
import type { NewStandingBid } from "~/lib/schemas/auctions";

const DAY_MS = 86_400_000;

/**
 * The signed-in collector places a standing bid (docs/product/market.md "Standing bids"): they
 * will pay `amount` for any vaulted slab of the catalogue card `cardId` by `grader` graded at
 * least `minGrade`. In one transaction the bid opens, expiring `days` (1, 3, 7, 14 or 30) days
 * from now, and its amount is held from their wallet (`offer_hold`, `standing_bid:{id}`); the
 * card's page leaves the page cache once it commits (its bid ladder).
 * `form` is 'Place a standing bid' parsed at the seam (amount in cents).
 * @returns the bid's id.
 * @throws DomainError `not_signed_in` (401, 'Please sign in to bid'); `card_not_found` (404);
 * `insufficient_balance` (402, 'Your bid is above your available balance'); `play_paused`
 * (403) during a break or self-exclusion (docs/decisions/010-responsible-play.md).
 */
export async function placeStandingBid(ctx: Ctx, form: NewStandingBid): Promise<{ bidId: number }> {
  const bidderId = marketActor(ctx, "Please sign in to bid");
  return withNoFundsMessage("Your bid is above your available balance", () =>
    inTransaction(ctx, async (tx) => {
      await assertMayPlay(tx, { userId: bidderId, kind: "offer", amountCents: form.amount });
      const [card] = await tx.db
        .select({ id: cards.id, name: cards.name })
        .from(cards)
        .where(eq(cards.id, form.cardId));
      if (!card) throw new DomainError("card_not_found", "This card does not exist", 404);
      const [bid] = await tx.db
        .insert(standingBids)
        .values({
          bidderId,
          cardId: card.id,
          grader: form.grader,
          minGrade: form.minGrade,
          amountCents: form.amount,
          createdAt: tx.now(),
          expiresAt: new Date(tx.now().getTime() + form.days * DAY_MS),
        })
        .returning({ id: standingBids.id });
      await holdAmount(tx, {
        reference: `standing_bid:${bid!.id}`,
        userId: bidderId,
        amountCents: form.amount,
        description: `Standing bid hold: ${card.name} ${form.grader} ${form.minGrade}+`,
      });
      invalidatePagesAfterCommit(tx, [pageTags.card(card.id)]);
      return { bidId: bid!.id };
    }),
  );
}
