import type { Ctx } from "../context";
import { checkInput } from "./account-ctx";
import { updateOwnProfile } from "./profile";
import {
  emailPreferencesSchema,
  leaderboardPrivacySchema,
  type EmailPreferences,
} from "~/lib/schemas/account";

/**
 * Saves the three email preferences (spec storefront section 2, My Account: new arrivals and
 * promotions and order updates on by default, event notifications off; the defaults are the
 * columns' defaults, so a new account starts with them).
 * @throws DomainError `invalid_preferences` (400); `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateEmailPreferences(ctx: Ctx, input: EmailPreferences): Promise<void> {
  const preferences = checkInput(emailPreferencesSchema, input, "invalid_preferences");
  await updateOwnProfile(ctx, preferences);
}

/**
 * Chooses how the user appears on the leaderboard: by name, or as 'Anonymous' (issue 7
 * section 2; by name unless they opt out).
 * @throws DomainError `invalid_preferences` (400); `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateLeaderboardPrivacy(
  ctx: Ctx,
  input: { leaderboardAnonymous: unknown },
): Promise<void> {
  const privacy = checkInput(leaderboardPrivacySchema, input, "invalid_preferences");
  await updateOwnProfile(ctx, privacy);
}
