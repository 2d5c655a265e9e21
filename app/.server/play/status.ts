import { eq } from "drizzle-orm";
import { ownerId } from "../account/account-ctx";
import type { Ctx } from "../context";
import { playAccounts, profiles } from "../db/schema";
import { requireStaff } from "../admin/permissions";
import { limitsOf } from "./limits";
import { pauseInForce } from "./play-account";
import type { PauseView, PlayLimitView } from "~/lib/play";

/** A user's responsible play settings as they stand at a moment. */
export type PlayStatus = {
  limits: PlayLimitView[];
  /** The break or self-exclusion in force, or null. */
  pause: PauseView | null;
  dateOfBirthConfirmed: boolean;
};

/**
 * `userId`'s limits (with pending raises), the pause in force and whether their date of birth
 * is on file, at `now` (docs/decisions/010-responsible-play.md). Read-only, no lock: what the
 * Limits tab and the admin Users tab show. The caller scopes `userId` (the owner, or staff).
 */
export async function playStatusOf(db: Ctx["db"], userId: string, now: Date): Promise<PlayStatus> {
  const [settings, [profile]] = await Promise.all([
    playSettingsOf(db, userId, now),
    db.select({ dateOfBirth: profiles.dateOfBirth }).from(profiles).where(eq(profiles.id, userId)),
  ]);
  return { ...settings, dateOfBirthConfirmed: Boolean(profile?.dateOfBirth) };
}

/** {@link playStatusOf} without the date of birth, for a caller that reads the profile itself. */
async function playSettingsOf(
  db: Ctx["db"],
  userId: string,
  now: Date,
): Promise<Omit<PlayStatus, "dateOfBirthConfirmed">> {
  const [[account], limits] = await Promise.all([
    db.select().from(playAccounts).where(eq(playAccounts.userId, userId)),
    limitsOf(db, userId, now),
  ]);
  return { limits, pause: pauseInForce(account, now) };
}

/**
 * The signed-in user's limits and the pause in force, without the date of birth: the account
 * page has it from its one read of the profile (`getAccount`'s `dateOfBirthConfirmed`).
 * @returns {@link PlayStatus} less `dateOfBirthConfirmed`
 * @throws DomainError `not_signed_in` (401).
 */
export async function playSettings(ctx: Ctx): Promise<Omit<PlayStatus, "dateOfBirthConfirmed">> {
  return playSettingsOf(ctx.db, ownerId(ctx), ctx.now());
}

/**
 * The break or self-exclusion in force for the signed-in user at `ctx.now()`, or null (also for
 * a visitor): every page shows its end instead of the prompts to open or buy
 * (docs/decisions/010-responsible-play.md). One read of the play account row, no lock.
 */
export async function currentPause(ctx: Ctx): Promise<PauseView | null> {
  if (!ctx.actor) return null;
  const [account] = await ctx.db
    .select()
    .from(playAccounts)
    .where(eq(playAccounts.userId, ctx.actor.userId));
  return pauseInForce(account, ctx.now());
}

/**
 * The signed-in user's responsible play settings (see {@link playStatusOf}).
 * @throws DomainError `not_signed_in` (401).
 */
export async function playStatus(ctx: Ctx): Promise<PlayStatus> {
  return playStatusOf(ctx.db, ownerId(ctx), ctx.now());
}

/**
 * The responsible play settings of each of `userIds` (the admin Users tab's page), read-only,
 * keyed by user id (decision record 010).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function playStatusesForStaff(
  ctx: Ctx,
  userIds: string[],
): Promise<Record<string, PlayStatus>> {
  requireStaff(ctx, "view");
  const now = ctx.now();
  const statuses = await Promise.all(userIds.map((id) => playStatusOf(ctx.db, id, now)));
  return Object.fromEntries(userIds.map((id, index) => [id, statuses[index]!]));
}
