import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Ctx } from "../context";
import { profiles } from "../db/schema";
import { DomainError } from "../errors";
import {
  INVALID_PASSWORD,
  ownerId,
  setCookieHeaders,
  throughAuth,
  type AuthRefusals,
  type AuthRequest,
} from "../policy/account-ctx";

/** What the user needs once to add PackVault to an authenticator app. */
export type TwoFactorSetup = {
  /** The otpauth:// URI the QR code holds. */
  totpURI: string;
  /** The base32 secret, for typing into an app by hand. */
  secret: string;
  /** The QR code of `totpURI` as SVG markup (generated here, no outside service). */
  qrSvg: string;
  /** One-time recovery codes, shown once. */
  backupCodes: string[];
};

const WRONG_CODE: AuthRefusals = {
  INVALID_CODE: {
    code: "invalid_code",
    message: "That code did not match. Enter the current 6-digit code from your app.",
  },
  TOTP_NOT_ENABLED: {
    code: "two_factor_not_started",
    message: "Start two-factor setup first.",
  },
};

/** Whether the user has two-factor sign-in on (the profile's flag, set by Better Auth). */
async function twoFactorIsOn(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db
    .select({ on: profiles.twoFactorEnabled })
    .from(profiles)
    .where(eq(profiles.id, ownerId(ctx)));
  return row?.on ?? false;
}

/**
 * Starts two-factor setup after checking the password: Better Auth stores a new, unconfirmed
 * TOTP secret and backup codes; sign-in asks for codes only after {@link confirmTwoFactor}.
 * Starting again replaces an unconfirmed secret.
 * @throws DomainError `invalid_password` (400), `two_factor_already_enabled` (400),
 * `not_signed_in` (401).
 */
export async function startTwoFactorSetup(
  ctx: Ctx,
  request: AuthRequest,
  input: { password: string },
): Promise<TwoFactorSetup> {
  const userId = ownerId(ctx);
  const { response } = await throughAuth(
    () =>
      request.auth.api.enableTwoFactor({
        body: { password: input.password, method: "totp" },
        headers: request.headers,
        returnHeaders: true,
      }),
    {
      ...INVALID_PASSWORD,
      TOTP_ALREADY_ENABLED: {
        code: "two_factor_already_enabled",
        message: "Two-factor authentication is already on.",
      },
    },
  );
  if (response.method !== "totp") throw new Error("Better Auth did not start a TOTP setup");
  const secret = new URL(response.totpURI).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(response.totpURI, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
  });
  ctx.log.info({ userId }, "two-factor setup started");
  return { totpURI: response.totpURI, secret, qrSvg, backupCodes: response.backupCodes };
}

/**
 * Finishes setup with a code from the app (Better Auth's verifyTOTP): only now is two-factor
 * sign-in on. Better Auth replaces the session; returns its Set-Cookie headers.
 * @throws DomainError `invalid_code` (400), `two_factor_not_started` (400),
 * `two_factor_already_enabled` (400), `not_signed_in` (401).
 */
export async function confirmTwoFactor(
  ctx: Ctx,
  request: AuthRequest,
  input: { code: string },
): Promise<Headers> {
  if (await twoFactorIsOn(ctx)) {
    throw new DomainError("two_factor_already_enabled", "Two-factor authentication is already on.");
  }
  const { headers } = await verifyCurrentCode(request, input.code);
  ctx.log.info({ userId: ctx.actor?.userId }, "two-factor enabled");
  return setCookieHeaders(headers);
}

/** Checks a current authenticator code; @throws DomainError `invalid_code` (400). */
function verifyCurrentCode(request: AuthRequest, code: string) {
  return throughAuth(
    () =>
      request.auth.api.verifyTOTP({
        body: { code },
        headers: request.headers,
        returnHeaders: true,
      }),
    WRONG_CODE,
  );
}

/**
 * Turns two-factor sign-in off after checking a current code and the password; the secret and
 * backup codes are deleted. Better Auth replaces the session; returns its Set-Cookie headers.
 * @throws DomainError `two_factor_not_enabled` (400), `invalid_code` (400),
 * `invalid_password` (400), `not_signed_in` (401).
 */
export async function disableTwoFactor(
  ctx: Ctx,
  request: AuthRequest,
  input: { password: string; code: string },
): Promise<Headers> {
  if (!(await twoFactorIsOn(ctx))) {
    throw new DomainError("two_factor_not_enabled", "Two-factor authentication is not on.");
  }
  await verifyCurrentCode(request, input.code);
  const { headers } = await throughAuth(
    () =>
      request.auth.api.disableTwoFactor({
        body: { password: input.password },
        headers: request.headers,
        returnHeaders: true,
      }),
    INVALID_PASSWORD,
  );
  ctx.log.info({ userId: ctx.actor?.userId }, "two-factor disabled");
  return setCookieHeaders(headers);
}
