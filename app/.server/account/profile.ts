import { eq } from "drizzle-orm";

import type { Ctx } from "../context";

import { profiles, twoFactor } from "../db/schema";

import { DomainError } from "../errors";

import { ownerId } from "../policy/account-ctx";

import type { ProfileDetails, ShippingAddress } from "~/lib/schemas/account";

import type { AccountProfile } from "~/lib/domain/account";

const PROFILE_GONE = () => new DomainError("profile_not_found", "Profile not found", 404);

/**
 * The signed-in user's profile, shipping address, email preferences and two-factor state
 * (docs/product/accounts-and-security.md: read profiles by id).
 * @throws DomainError `not_signed_in` (401); `profile_not_found` (404) if the account is gone.
 */
export async function getAccount(ctx: Ctx): Promise<AccountProfile> {
  const userId = ownerId(ctx);
  const [row] = await ctx.db
    .select({
      profile: profiles,
      totpConfirmed: twoFactor.verified,
    })
    .from(profiles)
    .leftJoin(twoFactor, eq(twoFactor.userId, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!row) throw PROFILE_GONE();
  const { profile, totpConfirmed } = row;
  const { shippingStreet, shippingCity, shippingState, shippingZip } = profile;
  return {
    fullName: profile.fullName,
    email: profile.email,
    emailVerified: profile.emailVerified,
    address:
      shippingStreet && shippingCity && shippingState && shippingZip
        ? { street: shippingStreet, city: shippingCity, state: shippingState, zip: shippingZip }
        : null,
    preferences: {
      emailNewArrivals: profile.emailNewArrivals,
      emailOrderUpdates: profile.emailOrderUpdates,
      emailEventNotifications: profile.emailEventNotifications,
    },
    leaderboardName: profile.leaderboardAnonymous
      ? "anonymous"
      : profile.leaderboardFullName
        ? "full"
        : "initials",
    twoFactor: profile.twoFactorEnabled ? "on" : totpConfirmed === false ? "pending" : "off",
    dateOfBirthConfirmed: Boolean(profile.dateOfBirth),
  };
}

/**
 * Applies `changes` to the signed-in user's own profile row in one statement.
 * @throws DomainError `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateOwnProfile(
  ctx: Ctx,
  changes: Partial<Omit<typeof profiles.$inferInsert, "id" | "email" | "emailVerified">>,
): Promise<void> {
  const userId = ownerId(ctx);
  const updated = await ctx.db
    .update(profiles)
    .set({ ...changes, updatedAt: ctx.now() })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  if (updated.length === 0) throw PROFILE_GONE();
}

/**
 * Saves the Full Name ('Profile updated'), as profileDetailsSchema parsed it (trimmed, 1-100
 * characters; docs/decisions/013-parsing-once-at-the-seam.md).
 * @throws DomainError `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateProfile(ctx: Ctx, input: ProfileDetails): Promise<void> {
  await updateOwnProfile(ctx, { fullName: input.fullName });
}

/**
 * Saves the default shipping address, which later forms (checkout, redemption) start from, as
 * shippingAddressSchema parsed it (2-letter state in capitals, 5-digit ZIP or ZIP+4 as
 * 12345-6789; docs/decisions/013-parsing-once-at-the-seam.md).
 * @throws DomainError `not_signed_in` (401); `profile_not_found` (404).
 */
export async function updateShippingAddress(ctx: Ctx, address: ShippingAddress): Promise<void> {
  await updateOwnProfile(ctx, {
    shippingStreet: address.street,
    shippingCity: address.city,
    shippingState: address.state,
    shippingZip: address.zip,
  });
}
