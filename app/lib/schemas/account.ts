import { z } from "zod";
import { requiredText } from "./required-text";
import { LEADERBOARD_NAMES } from "~/lib/leaderboard-names";
import { FULL_NAME_MAX } from "./auth";
import { CONTACT_LIMITS } from "./contact";
import { PASSWORD_LIMITS, newPasswordSchema } from "./password";
import {
  confirmDateOfBirthSchema,
  continuePlaySchema,
  depositLimitsSchema,
  packConfirmationSchema,
  spendingLimitsSchema,
  startPauseSchema,
} from "./play";

/** Lengths the account forms accept (names and passwords as at sign-up). */
export const ACCOUNT_LIMITS = {
  fullName: FULL_NAME_MAX,
  street: 200,
  city: 100,
  sessionId: 200,
  email: CONTACT_LIMITS.email,
} as const;

/** US states, DC, territories and military mail codes accepted as a shipping state. */
const US_STATE_CODES = new Set(
  (
    "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ " +
    "NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP AA AE AP"
  ).split(" "),
);

/** A password as typed (not trimmed); `missing` when blank. */
function passwordText(missing: string) {
  return z
    .string({ error: missing })
    .min(1, missing)
    .max(PASSWORD_LIMITS.max, `Password must be at most ${PASSWORD_LIMITS.max} characters`);
}

/** A checkbox: present ("on") is true, absent is false. */
const checkbox = z.boolean().default(false);

/** Six digits from an authenticator app; spaces are ignored. */
const totpCode = z
  .string({ error: "Enter the 6-digit code from your authenticator app" })
  .transform((code) => code.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** The editable Full Name (the email is read-only, docs/product/accounts-and-security.md). */
export const profileDetailsSchema = z.object({
  fullName: requiredText("Full Name", "Please enter your full name", ACCOUNT_LIMITS.fullName),
});

/** A US shipping address: 2-letter state, 5-digit ZIP or ZIP+4 (stored as 12345-6789). */
export const shippingAddressSchema = z.object({
  street: requiredText("Street address", "Please enter your street address", ACCOUNT_LIMITS.street),
  city: requiredText("City", "Please enter your city", ACCOUNT_LIMITS.city),
  state: z
    .string({ error: "Please enter your state" })
    .trim()
    .toUpperCase()
    .refine((code) => US_STATE_CODES.has(code), "Enter a 2-letter US state code, like NY"),
  zip: z
    .string({ error: "Please enter your ZIP code" })
    .trim()
    .regex(/^\d{5}(?:-?\d{4})?$/, "Enter a 5-digit ZIP code or ZIP+4, like 10001 or 10001-2345")
    .transform((zip) => (zip.length > 5 ? `${zip.slice(0, 5)}-${zip.slice(-4)}` : zip)),
});

/** The three email preferences (docs/product/accounts-and-security.md); an absent checkbox is off. */
export const emailPreferencesSchema = z.object({
  emailNewArrivals: checkbox,
  emailOrderUpdates: checkbox,
  emailEventNotifications: checkbox,
});

/**
 * Settings tab: appear on the leaderboard by initials (default), by full name or as 'Anonymous'
 * (docs/product/rewards.md).
 */
export const leaderboardPrivacySchema = z.object({
  leaderboardName: z.enum(LEADERBOARD_NAMES, "Choose how you appear"),
});
export const updateLeaderboardPrivacySchema = leaderboardPrivacySchema.extend({
  intent: z.literal("update-leaderboard-privacy"),
});

/** Profile tab: Save Changes. */
export const updateProfileSchema = profileDetailsSchema.extend({
  intent: z.literal("update-profile"),
});

/** Profile tab: Update Address, the default used by later checkout forms. */
export const updateAddressSchema = shippingAddressSchema.extend({
  intent: z.literal("update-address"),
});

/** Settings tab: the email preference checkboxes. */
export const updatePreferencesSchema = emailPreferencesSchema.extend({
  intent: z.literal("update-preferences"),
});

/** Settings tab: Change Password; the strength rule runs on the server. */
export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: passwordText("Please enter your current password"),
    newPassword: newPasswordSchema,
    confirmPassword: passwordText("Please confirm the new password"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one",
  });

/** Settings tab: start two-factor setup (asks for the password). */
export const enableTwoFactorSchema = z.object({
  intent: z.literal("enable-two-factor"),
  password: passwordText("Please enter your password"),
});

/** Settings tab: finish two-factor setup with a code from the app. */
export const confirmTwoFactorSchema = z.object({
  intent: z.literal("confirm-two-factor"),
  code: totpCode,
});

/** Settings tab: turn two-factor off (password and a current code). */
export const disableTwoFactorSchema = z.object({
  intent: z.literal("disable-two-factor"),
  password: passwordText("Please enter your password"),
  code: totpCode,
});

/** Settings tab: sign out one session of the list (the current one too). */
export const revokeSessionSchema = z.object({
  intent: z.literal("revoke-session"),
  sessionId: z.string({ error: "Session not found" }).max(ACCOUNT_LIMITS.sessionId),
});

/** Settings tab: sign out all other sessions, or every session (spec logout scopes). */
export const signOutSessionsSchema = z.object({
  intent: z.literal("sign-out-sessions"),
  scope: z.enum(["others", "global"]),
});

/** Settings tab, Danger Zone: delete the account after typing its email. */
export const deleteAccountSchema = z.object({
  intent: z.literal("delete-account"),
  confirmEmail: requiredText("Email", "Type your email to confirm", ACCOUNT_LIMITS.email),
});

/** Every form of /account, told apart by `intent`; any other intent is refused (400). */
export const accountActionSchema = z.discriminatedUnion("intent", [
  updateProfileSchema,
  updateAddressSchema,
  updatePreferencesSchema,
  updateLeaderboardPrivacySchema,
  changePasswordSchema,
  enableTwoFactorSchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  revokeSessionSchema,
  signOutSessionsSchema,
  deleteAccountSchema,
  depositLimitsSchema,
  spendingLimitsSchema,
  startPauseSchema,
  confirmDateOfBirthSchema,
  continuePlaySchema,
  packConfirmationSchema,
]);

export type AccountIntent = z.infer<typeof accountActionSchema>["intent"];
export type ProfileDetails = z.output<typeof profileDetailsSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type EmailPreferences = z.output<typeof emailPreferencesSchema>;
export type LeaderboardPrivacy = z.output<typeof leaderboardPrivacySchema>;

/** The tabs of /account, in order; the current one is `?tab=` (profile by default). */
export const ACCOUNT_TABS = ["profile", "orders", "limits", "activity", "settings"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The tab named by a `?tab=` value; anything else is the Profile tab. */
export function parseAccountTab(value: string | null): AccountTab {
  return ACCOUNT_TABS.find((tab) => tab === value) ?? "profile";
}
