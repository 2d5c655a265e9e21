import { eq } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import { inTransaction, type Ctx } from "../context";
import { playAccounts } from "../db/schema";
import { lockPlayAccount } from "../policy/play-account";
import type { Cents } from "~/lib/money";

/**
 * Sets the signed-in collector's "Don't ask for packs under $X"
 * (docs/decisions/044-confirm-before-money-moves.md): packs priced below `underCents` open
 * without the confirmation step; null asks before every pack (the default). `underCents` comes
 * parsed by packConfirmationSchema (100 to PACK_CONFIRM_UNDER_MAX_CENTS). Only the browser's
 * question depends on it: the opening itself is guarded as always (wallet, limits, pause).
 * Takes the play account lock like every other change of play settings (decision record 010).
 * @throws DomainError `not_signed_in` (401).
 */
export async function setPackConfirmation(
  ctx: Ctx,
  input: { underCents: Cents | null },
): Promise<void> {
  const userId = ownerId(ctx);
  await inTransaction(ctx, async (tx) => {
    await lockPlayAccount(tx.db, userId);
    await tx.db
      .update(playAccounts)
      .set({ packConfirmUnderCents: input.underCents, updatedAt: ctx.now() })
      .where(eq(playAccounts.userId, userId));
  });
}
