import type { Ctx } from "../context";
import { updateOwnProfile } from "./profile";
import type { EmailPreferences, LeaderboardPrivacy } from "~/lib/schemas/account";

/**
 * Saves the three email preferences (docs/product/accounts-and-security.md: new arrivals and
 * promotions and order updates on by default, event notifications off; the defaults are the
 * columns' defaults, so a new account starts with them), as emailPreferencesSchema parsed the
 * checkboxes (docs/decisions/013-parsing-once-at-the-seam.md).
 * @throws DomainError `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateEmailPreferences(ctx: Ctx, input: EmailPreferences): Promise<void> {
  const { emailNewArrivals, emailOrderUpdates, emailEventNotifications } = input;
  await updateOwnProfile(ctx, { emailNewArrivals, emailOrderUpdates, emailEventNotifications });
}

/**
 * Chooses how the user appears on the leaderboard: by initials (the default), by full name, or
 * as 'Anonymous' (docs/product/rewards.md).
 * @throws DomainError `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateLeaderboardPrivacy(ctx: Ctx, input: LeaderboardPrivacy): Promise<void> {
  await updateOwnProfile(ctx, {
    leaderboardAnonymous: input.leaderboardName === "anonymous",
    leaderboardFullName: input.leaderboardName === "full",
  });
}
