import type { LeaderboardName } from "~/lib/leaderboard-names";
import type { EmailPreferences, ShippingAddress } from "~/lib/schemas/account";

/** The signed-in user's profile as the /account page shows it. */
export type AccountProfile = {
  fullName: string;
  email: string;
  emailVerified: boolean;
  /** The default shipping address; null until the user saves one. */
  address: ShippingAddress | null;
  preferences: EmailPreferences;
  /** How they appear on the leaderboard (docs/product/rewards.md). */
  leaderboardName: LeaderboardName;
  twoFactor: TwoFactorStatus;
  /** Whether a date of birth is on file (docs/decisions/010-responsible-play.md). */
  dateOfBirthConfirmed: boolean;
};

/** Two-factor state: off, set up but not confirmed with a code yet, or on. */
export type TwoFactorStatus = "off" | "pending" | "on";
