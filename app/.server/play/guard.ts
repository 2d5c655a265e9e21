import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { profiles } from "../db/schema";
import { DomainError } from "../errors";
import { exceededPeriod } from "./limits";
import { lockPlayAccount, pauseInForce, type PlayTx } from "./play-account";
import type { Cents } from "~/lib/money";
import { DATE_OF_BIRTH_REQUIRED_MESSAGE, limitExceededMessage, pausedMessage } from "~/lib/play";

/**
 * A money movement the play guard watches: a top-up (`deposit`), a pack opening
 * (`pack-spend`), a marketplace Buy Now (`market-purchase`) or a buy or trade offer (`offer`).
 */
export type PlayKind = "deposit" | "pack-spend" | "market-purchase" | "offer";

/**
 * Refuses a guarded money movement of `userId` for `amountCents`, in the caller's transaction
 * `tx` and before that movement touches any wallet row (docs/decisions/010-responsible-play.md):
 * 1. locks the user's play account row (their guarded movements run one at a time from here
 *    to the commit, so the sums below cannot miss a parallel one);
 * 2. a break or self-exclusion in force refuses every kind;
 * 3. a top-up or an opening needs a confirmed date of birth;
 * 4. a top-up must fit every deposit limit, an opening every pack spending limit in force, with
 *    what the ledger already holds for the rolling day, week and month.
 * Withdrawals, redemptions and the vault are never guarded.
 * @throws DomainError `play_paused` (403, 'You are taking a break until ...' or 'You have
 * excluded yourself until ...'); `date_of_birth_required` (403); `limit_exceeded` (403, 'This
 * would exceed your daily deposit limit' and the like). The caller's transaction must roll back.
 */
export async function assertMayPlay(
  tx: PlayTx,
  ctx: Pick<Ctx, "now">,
  input: { userId: string; kind: PlayKind; amountCents: Cents },
): Promise<void> {
  const now = ctx.now();
  const account = await lockPlayAccount(tx, input.userId);
  const pause = pauseInForce(account, now);
  if (pause) throw new DomainError("play_paused", pausedMessage(pause.kind, pause.until), 403);
  if (input.kind !== "deposit" && input.kind !== "pack-spend") return;

  const [profile] = await tx
    .select({ dateOfBirth: profiles.dateOfBirth })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!profile?.dateOfBirth) {
    throw new DomainError("date_of_birth_required", DATE_OF_BIRTH_REQUIRED_MESSAGE, 403);
  }
  const limitKind = input.kind === "deposit" ? "deposit" : "spending";
  const period = await exceededPeriod(tx, {
    userId: input.userId,
    kind: limitKind,
    amountCents: input.amountCents,
    now,
  });
  if (period) {
    throw new DomainError("limit_exceeded", limitExceededMessage(period, limitKind), 403);
  }
}
