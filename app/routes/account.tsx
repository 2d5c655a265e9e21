import { authRateLimiter } from "~/.server/security/rate-limit";
import { keepDataAcrossTabs } from "~/lib/tab-revalidation";
import type { Helpline } from "~/lib/play";
import type { Route } from "./+types/account";
import { AccountTabs } from "./+account/account-tabs";
import { deleteAccount } from "~/.server/account/delete-account";
import { changePassword } from "~/.server/account/password";
import { updateEmailPreferences, updateLeaderboardPrivacy } from "~/.server/account/preferences";
import { getAccount, updateProfile, updateShippingAddress } from "~/.server/account/profile";
import { listSessions, revokeSession, revokeSessions } from "~/.server/account/sessions";
import {
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactorSetup,
  type TwoFactorSetup,
} from "~/.server/account/two-factor";
import { requireUser } from "~/.server/auth/guards";
import type { Ctx } from "~/.server/context";
import type { AuthRequest } from "~/.server/policy/account-ctx";
import { listOrders } from "~/.server/orders/orders";
import { playActivity } from "~/.server/play/activity";
import { confirmDateOfBirth } from "~/.server/policy/age";
import { setLimits } from "~/.server/policy/limits";
import { setPackConfirmation } from "~/.server/play/pack-confirmation";
import { startPause } from "~/.server/play/pause";
import { continuePlay } from "~/.server/play/reality-check";
import { playSettings } from "~/.server/play/status";
import { intent, runIntent, type IntentRequest } from "~/.server/http/run-intent";
import { requestCtx } from "~/.server/request-context";
import { getRewardsSummary } from "~/.server/rewards/summary";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { type PlayLimitView } from "~/lib/play";
import { formatUtc } from "~/lib/time";
import { useToasts } from "~/lib/toast";
import type { IntentReply } from "~/lib/intent-reply";
import {
  changePasswordSchema,
  confirmTwoFactorSchema,
  deleteAccountSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  revokeSessionSchema,
  signOutSessionsSchema,
  updateAddressSchema,
  updateLeaderboardPrivacySchema,
  updatePreferencesSchema,
  updateProfileSchema,
} from "~/lib/schemas/account";
import {
  confirmDateOfBirthSchema,
  continuePlaySchema,
  depositLimitsSchema,
  packConfirmationSchema,
  spendingLimitsSchema,
  startPauseSchema,
} from "~/lib/schemas/play";
import { sessionPageHandle } from "~/lib/session-page-cache";

export const meta: Route.MetaFunction = () =>
  pageMeta("My Account", "Your PackVault profile, shipping address, orders and account security.");

/**
 * Kept per session while the database is unchanged: its loaders read only the database, the URL
 * and the session (docs/decisions/062-signed-in-page-cache.md).
 */
export const handle = sessionPageHandle;

/** /account (docs/product/accounts-and-security.md): signed out, redirect to /auth. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const ctx = requestCtx(context);
  // The profile is read once (getAccount), the date of birth with it; the play account came
  // with the session lookup.
  const [account, sessions, orders, rewards, settings, activity] = await Promise.all([
    getAccount(ctx),
    listSessions(ctx, { currentSessionId: user.sessionId }),
    listOrders(ctx),
    getRewardsSummary(ctx),
    playSettings(ctx, user.playAccount),
    playActivity(ctx),
  ]);
  const helpline: Helpline = { url: context.env.HELPLINE_URL, phone: context.env.HELPLINE_PHONE };
  const play = { ...settings, dateOfBirthConfirmed: account.dateOfBirthConfirmed, helpline };
  return { account, sessions, orders, rewards, play, activity, now: ctx.now() };
}

/** Switching tabs only changes `?tab=`: the page already has every tab's data. */
export const shouldRevalidate = keepDataAcrossTabs;

/** What the account page's replies may carry besides the form's result and toasts. */
export type AccountReply = { twoFactorSetup: TwoFactorSetup };
export type AccountActionData = IntentReply<AccountReply>;

/** Typed secrets never travel back into the page. */
const hideFields = ["currentPassword", "newPassword", "confirmPassword", "password", "code"];
const saved = (title: string, description?: string) => ({
  toasts: [{ kind: "success" as const, title, description }],
});

/** Forms that check the password or a code are rate-limited like sign-in (rules.ts). */
async function limited<T>({ context, user }: IntentRequest, run: () => Promise<T>): Promise<T> {
  await authRateLimiter(context.env, context.log).consume("account-secret", {
    ip: context.clientIp,
    email: user?.email,
  });
  return run();
}

/** Ends this browser's session cookie (its row may be gone already) and goes to `to`. */
async function signOutTo({ request, context }: IntentRequest, to: string, title: string) {
  const { headers } = await context.auth.api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  return { redirect: to, headers, toasts: [{ kind: "success" as const, title }] };
}

type LimitAmounts = { day: number | null; week: number | null; month: number | null };
const amountsOf = ({ day, week, month }: LimitAmounts) => ({ day, week, month });
const limitsNote = (limits: PlayLimitView[]) =>
  limits.some((limit) => limit.pending)
    ? "Lower limits apply now; raised or removed ones apply after 24 hours."
    : "Your limits apply now.";

const viaAuth = ({ context, request }: IntentRequest): AuthRequest => ({
  auth: context.auth,
  headers: request.headers,
});

/**
 * What a form checking the password or a code spreads into its entry: its typed secrets never
 * sent back, and `call` (the account change through Better Auth) rate limited like sign-in.
 */
const secretCall = <I, R>(call: (ctx: Ctx, auth: AuthRequest, input: I) => Promise<R>) => ({
  hideFields,
  run: (ctx: Ctx, input: I, req: IntentRequest) =>
    limited(req, () => call(ctx, viaAuth(req), input)),
});

/** The answer when such a change sets new session cookies: the form emptied, a success toast. */
const savedWithCookies = (title: string, description?: string) => (headers: Headers) => ({
  headers,
  resetForm: true,
  ...saved(title, description),
});

/** The profile, address, e-mail and leaderboard forms. */
const profileIntents = {
  "update-profile": intent({
    schema: updateProfileSchema,
    run: updateProfile,
    done: () => saved("Profile updated"),
  }),
  "update-address": intent({
    schema: updateAddressSchema,
    run: updateShippingAddress,
    done: () => saved("Address updated"),
  }),
  "update-preferences": intent({
    schema: updatePreferencesSchema,
    run: updateEmailPreferences,
    done: () => saved("Email preferences saved"),
  }),
  "update-leaderboard-privacy": intent({
    schema: updateLeaderboardPrivacySchema,
    run: updateLeaderboardPrivacy,
    done: (_none, input) =>
      saved(
        "Leaderboard privacy saved",
        {
          anonymous: "You appear as 'Anonymous' on the leaderboard.",
          full: "You appear by name on the leaderboard.",
          initials: "You appear by your initials on the leaderboard.",
        }[input.leaderboardName],
      ),
  }),
};

/** The password, two-factor and session forms (the secret ones rate limited). */
const securityIntents = {
  "change-password": intent({
    schema: changePasswordSchema,
    ...secretCall(changePassword),
    done: savedWithCookies("Password changed", "Your other sessions were signed out."),
    refused: (error) => ({
      field: { weak_password: "newPassword", invalid_password: "currentPassword" }[error.code],
    }),
  }),
  "enable-two-factor": intent({
    schema: enableTwoFactorSchema,
    ...secretCall(startTwoFactorSetup),
    done: (twoFactorSetup) => ({ reply: { twoFactorSetup }, resetForm: true }),
    refused: (error) => ({ field: error.code === "invalid_password" ? "password" : undefined }),
  }),
  "confirm-two-factor": intent({
    schema: confirmTwoFactorSchema,
    ...secretCall(confirmTwoFactor),
    done: savedWithCookies("Two-factor authentication is on"),
    refused: (error) => ({ field: error.code === "invalid_code" ? "code" : undefined }),
  }),
  "disable-two-factor": intent({
    schema: disableTwoFactorSchema,
    ...secretCall(disableTwoFactor),
    done: savedWithCookies("Two-factor authentication is off"),
    refused: (error) => ({
      field: { invalid_code: "code", invalid_password: "password" }[error.code],
    }),
  }),
  "revoke-session": intent({
    schema: revokeSessionSchema,
    run: revokeSession,
    done: (_none, input, req) =>
      input.sessionId === req.user?.sessionId
        ? signOutTo(req, "/auth", "You have been signed out")
        : saved("Session signed out"),
  }),
  "sign-out-sessions": intent({
    schema: signOutSessionsSchema,
    run: (ctx, { scope }, { user }) =>
      revokeSessions(ctx, { scope, currentSessionId: user?.sessionId ?? "" }),
    done: (count, input, req) =>
      input.scope === "global"
        ? signOutTo(req, "/auth", "You have been signed out")
        : saved(
            "Other sessions signed out",
            `${count} other ${count === 1 ? "session was" : "sessions were"} signed out.`,
          ),
  }),
};

/** Responsible play: limits, pack confirmation, pauses, date of birth (docs/product/responsible-play.md). */
const playIntents = {
  "set-deposit-limits": intent({
    schema: depositLimitsSchema,
    run: (ctx, input) => setLimits(ctx, { kind: "deposit", amountsCents: amountsOf(input) }),
    done: (limits) => saved("Deposit limits saved", limitsNote(limits)),
  }),
  "set-spending-limits": intent({
    schema: spendingLimitsSchema,
    run: (ctx, input) => setLimits(ctx, { kind: "spending", amountsCents: amountsOf(input) }),
    done: (limits) => saved("Spending limits saved", limitsNote(limits)),
  }),
  "set-pack-confirmation": intent({
    schema: packConfirmationSchema,
    run: (ctx, input) => setPackConfirmation(ctx, { underCents: input.under ?? null }),
    done: (_none, input) =>
      saved(
        "Pack confirmation saved",
        input.under === undefined
          ? "We ask before every pack."
          : `Packs under ${formatCents(input.under)} open without asking.`,
      ),
  }),
  "start-pause": intent({
    schema: startPauseSchema,
    run: startPause,
    done: (pause) =>
      saved(
        pause.kind === "break" ? "Your break has started" : "Your self-exclusion has started",
        `Until ${formatUtc(pause.until)}`,
      ),
  }),
  "confirm-date-of-birth": intent({
    schema: confirmDateOfBirthSchema,
    run: confirmDateOfBirth,
    done: () => saved("Date of birth confirmed"),
    refused: (error) => ({ field: error.code === "underage" ? "dateOfBirth" : undefined }),
  }),
  "continue-play": intent({
    schema: continuePlaySchema,
    run: continuePlay,
    done: () => ({}),
  }),
};

/** Every form of the page posts here with an `intent`; unknown intents get a 400. */
export const action = (args: Route.ActionArgs) =>
  runIntent<AccountReply>(
    args,
    {
      ...profileIntents,
      ...securityIntents,
      ...playIntents,
      "delete-account": intent({
        schema: deleteAccountSchema,
        run: deleteAccount,
        done: (_none, _input, req) => signOutTo(req, "/", "Your account has been deleted"),
        refused: (error) => ({
          field: error.code === "email_mismatch" ? "confirmEmail" : undefined,
        }),
      }),
    },
    { home: "/account" },
  );

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-12">
      <PageHeader title="My Account" lead={`Signed in as ${loaderData.account.email}`} />
      <AccountTabs
        account={loaderData.account}
        sessions={loaderData.sessions}
        play={loaderData.play}
        activity={loaderData.activity}
        now={loaderData.now}
        actionData={actionData}
      />
    </div>
  );
}
