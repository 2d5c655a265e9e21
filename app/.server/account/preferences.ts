import type { Ctx } from "../context";
import { checkInput } from "./account-ctx";
import { updateOwnProfile } from "./profile";
import {
  emailPreferencesSchema,
  leaderboardPrivacySchema,
  type EmailPreferences,
} from "~/lib/schemas/account";

/**
 * Saves the three email preferences (docs/product/accounts-and-security.md: new arrivals and
 * promotions and order updates on by default, event notifications off; the defaults are the
 * columns' defaults, so a new account starts with them).
 * @throws DomainError `invalid_preferences` (400); `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateEmailPreferences(ctx: Ctx, input: EmailPreferences): Promise<void> {
  const preferences = checkInput(emailPreferencesSchema, input, "invalid_preferences");
  await updateOwnProfile(ctx, preferences);
}

/**
 * Chooses how the user appears on the leaderboard: by name, or as 'Anonymous' (docs/product/rewards.md; by name unless they opt out).
 * @throws DomainError `invalid_preferences` (400); `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateLeaderboardPrivacy(
  ctx: Ctx,
  input: { leaderboardAnonymous: unknown },
): Promise<void> {
  const privacy = checkInput(leaderboardPrivacySchema, input, "invalid_preferences");
  await updateOwnProfile(ctx, privacy);
}
