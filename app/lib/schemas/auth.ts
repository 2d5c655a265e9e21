import { z } from "zod";
import { emailAddressSchema } from "./contact";
import { PASSWORD_LIMITS } from "./password";
import { dateOfBirthField } from "./play";

/** Longest accepted full name, in characters. */
export const FULL_NAME_MAX = 100;

/** A password as typed (never trimmed): required, at most Better Auth's maximum. */
function passwordField(missing: string, min = 1) {
  return z
    .string({ error: missing })
    .min(1, missing)
    .min(min, `Password must be at least ${min} characters`)
    .max(PASSWORD_LIMITS.max, `Password must be at most ${PASSWORD_LIMITS.max} characters`);
}

/** The Sign In tab (docs/product/accounts-and-security.md: email and password required). */
export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email: emailAddressSchema,
  password: passwordField("Please enter your password"),
});

/**
 * The Sign Up tab (docs/product/accounts-and-security.md: full name, email and password required; password >= 6),
 * with the date of birth (18 or older: docs/decisions/010-responsible-play.md).
 */
export const signUpSchema = z.object({
  intent: z.literal("sign-up"),
  fullName: z
    .string({ error: "Please enter your full name" })
    .trim()
    .min(1, "Please enter your full name")
    .max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`),
  email: emailAddressSchema,
  dateOfBirth: dateOfBirthField,
  password: passwordField("Please choose a password", PASSWORD_LIMITS.min),
});

const CODE_MESSAGE = "Enter the 6-digit code from your authenticator app, or a backup code";

/**
 * The two-factor step at sign-in: a 6-digit code from the authenticator app, or a backup code
 * (Better Auth's are 10 letters and digits shown as `abcde-12345`; typed without the dash, it
 * is put back). Spaces are ignored.
 */
export const signInCodeSchema = z.object({
  intent: z.literal("verify-totp"),
  code: z
    .string({ error: CODE_MESSAGE })
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, CODE_MESSAGE))
    .transform((code) => (code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code)),
});

/** Every form /auth posts, told apart by `intent`; any other intent is refused. */
export const authFormSchema = z.discriminatedUnion("intent", [
  signInSchema,
  signUpSchema,
  signInCodeSchema,
]);

export type AuthFormInput = z.infer<typeof authFormSchema>;
