import { z } from "zod";
import { emailAddressSchema } from "./contact";

/** docs/product/accounts-and-security.md "Sign-in and sign-up": passwords of at least 6 characters; Better Auth's maximum is 128. */
export const PASSWORD_LIMITS = { min: 6, max: 128 } as const;

/**
 * A new password as typed (never trimmed), within {@link PASSWORD_LIMITS}. The strength check
 * (zxcvbn, app/.server/policy/password-strength.ts) runs on the server, where its dictionaries live.
 */
export const newPasswordSchema = z
  .string({ error: "Please enter a new password" })
  .min(PASSWORD_LIMITS.min, `Password must be at least ${PASSWORD_LIMITS.min} characters`)
  .max(PASSWORD_LIMITS.max, `Password must be at most ${PASSWORD_LIMITS.max} characters`);

/** /auth/forgot-password: the address to send the reset link to. */
export const forgotPasswordSchema = z.object({ email: emailAddressSchema });

/** /auth/reset-password: the emailed token, the new password and its confirmation. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "This reset link is incomplete" }).min(1).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your new password" }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
