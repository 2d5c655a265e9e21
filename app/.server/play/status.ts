import { eq } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { playAccounts, profiles } from "../db/schema";
import { requireStaff } from "../policy/permissions";
import { limitsOf } from "../policy/limits";
import { pauseInForce, type PlayAccountRow } from "../policy/play-account";
import type { Cents } from "~/lib/money";
import type { PauseView, PlayLimitView } from "~/lib/play";

/** A user's responsible play settings as they stand at a moment. */
export type PlayStatus = {
  limits: PlayLimitView[];
  /** The break or self-exclusion in force, or null. */
  pause: PauseView | null;
  /** "Don't ask for packs under" in cents, or null: asked before every pack (decision 044). */
  packConfirmUnderCents: Cents | null;
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
  return {
    limits,
    pause: pauseInForce(account, now),
    packConfirmUnderCents: account?.packConfirmUnderCents ?? null,
  };
}

/**
 * The signed-in user's limits and the pause in force, without the date of birth: the account
 * page has it from its one read of the profile (`getAccount`'s `dateOfBirthConfirmed`), and the
 * play account row from the session lookup (`SessionUser.playAccount`, read this request), so
 * only the limits are read here (one statement).
 * @returns {@link PlayStatus} less `dateOfBirthConfirmed`
 * @throws DomainError `not_signed_in` (401).
 */
export async function playSettings(
  ctx: Ctx,
  account: PlayAccountRow | null,
): Promise<Omit<PlayStatus, "dateOfBirthConfirmed">> {
  const now = ctx.now();
  return { limits: await limitsOf(ctx.db, ownerId(ctx), now), ...playPromptsOf(account, now) };
}

/** What every page's pack and buy prompts need of the signed-in user's play account. */
export type PlayPrompts = {
  /** The break or self-exclusion in force, or null. */
  pause: PauseView | null;
  /** "Don't ask for packs under" in cents; null: ask before every pack. */
  packConfirmUnderCents: Cents | null;
};

/**
 * What every page's pack and buy prompts need at `now`, from the signed-in user's play account
 * row as the session lookup read it (`SessionUser.playAccount`; null for a visitor or a user
 * without one: no pause, always ask): the break or self-exclusion in force, whose end every page
 * shows instead of the prompts to open or buy (docs/decisions/010-responsible-play.md), and
 * below which price a pack opens without the confirmation step
 * (docs/decisions/044-confirm-before-money-moves.md).
 */
export function playPromptsOf(account: PlayAccountRow | null, now: Date): PlayPrompts {
  return {
    pause: pauseInForce(account ?? undefined, now),
    packConfirmUnderCents: account?.packConfirmUnderCents ?? null,
  };
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
