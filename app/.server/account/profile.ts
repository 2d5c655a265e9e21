import { eq } from "drizzle-orm";

import type { Ctx } from "../context";

import { profiles, twoFactor } from "../db/schema";

import { DomainError } from "../errors";

import { checkInput, ownerId } from "./account-ctx";

import {
  profileDetailsSchema,
  shippingAddressSchema,
  type ShippingAddress,
} from "~/lib/schemas/account";

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
    leaderboardAnonymous: profile.leaderboardAnonymous,
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
 * Saves the Full Name (spec: update profiles {full_name} by id; 'Profile updated').
 * @throws DomainError `invalid_profile` (400) with the rule broken; `not_signed_in` (401);
 * `profile_not_found` (404).
 */
export async function updateProfile(ctx: Ctx, input: { fullName: string }): Promise<void> {
  const { fullName } = checkInput(profileDetailsSchema, input, "invalid_profile");
  await updateOwnProfile(ctx, { fullName });
}

/**
 * Saves the default shipping address (2-letter state, 5-digit ZIP or ZIP+4), which later
 * forms (checkout, redemption) start from.
 * @throws DomainError `invalid_address` (400) with the rule broken; `not_signed_in` (401);
 * `profile_not_found` (404).
 */
export async function updateShippingAddress(ctx: Ctx, input: ShippingAddress): Promise<void> {
  const address = checkInput(shippingAddressSchema, input, "invalid_address");
  await updateOwnProfile(ctx, {
    shippingStreet: address.street,
    shippingCity: address.city,
    shippingState: address.state,
    shippingZip: address.zip,
  });
}
