import { parseWithZod } from "@conform-to/zod/v4";
import { authRateLimiter } from "~/.server/security/rate-limit";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/account";
import { AccountTabs } from "./+account/account-tabs";
import { invalidSubmission, settle, signedOutRedirect } from "./+account/reply.server";
import { deleteAccount } from "~/.server/account/delete-account";
import { changePassword } from "~/.server/account/password";
import { updateEmailPreferences, updateLeaderboardPrivacy } from "~/.server/account/preferences";
import { getAccount, updateProfile, updateShippingAddress } from "~/.server/account/profile";
import { listSessions, revokeSession, revokeSessions } from "~/.server/account/sessions";
import {
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactorSetup,
} from "~/.server/account/two-factor";
import { requireUser } from "~/.server/auth/guards";
import { listOrders } from "~/.server/orders/orders";
import { playActivity } from "~/.server/play/activity";
import { confirmDateOfBirth } from "~/.server/play/age";
import { setLimits } from "~/.server/play/limits";
import { startPause } from "~/.server/play/pause";
import { continuePlay } from "~/.server/play/reality-check";
import { playStatus } from "~/.server/play/status";
import { requestCtx } from "~/.server/request-context";
import { getRewardsSummary } from "~/.server/rewards/summary";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { formatPlayTime } from "~/lib/play";
import { useToasts } from "~/lib/toast";
import { accountActionSchema } from "~/lib/schemas/account";

export const meta: Route.MetaFunction = () =>
  pageMeta("My Account", "Your PackVault profile, shipping address, orders and account security.");

/** /account (spec storefront section 2, My Account): signed out, redirect to /auth. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const ctx = requestCtx(context);
  const [account, sessions, orders, rewards, play, activity] = await Promise.all([
    getAccount(ctx),
    listSessions(ctx, { currentSessionId: user.sessionId }),
    listOrders(ctx),
    getRewardsSummary(ctx),
    playStatus(ctx),
    playActivity(ctx),
  ]);
  return { account, sessions, orders, rewards, play, activity, now: ctx.now() };
}

/** Switching tabs only changes `?tab=`: the page already has every tab's data. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** Every form of the page posts here with an `intent`; unknown intents get a 400. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: accountActionSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const ctx = requestCtx(context);
  const viaAuth = { auth: context.auth, headers: request.headers };
  // Forms that check the password or a code are rate-limited like sign-in (rules.ts).
  const limiter = authRateLimiter(context.env, context.log);
  const limited =
    <T,>(run: () => Promise<T>) =>
    async () => {
      await limiter.consume("account-secret", { ip: context.clientIp, email: user.email });
      return run();
    };
  const input = submission.value;
  const signedOut = () =>
    signedOutRedirect(request, context, "/auth", {
      kind: "success",
      title: "You have been signed out",
    });

  switch (input.intent) {
    case "update-profile":
      return settle(
        submission,
        () => updateProfile(ctx, input),
        () => ({
          toast: { kind: "success", title: "Profile updated" },
        }),
      );
    case "update-address":
      return settle(
        submission,
        () => updateShippingAddress(ctx, input),
        () => ({
          toast: { kind: "success", title: "Address updated" },
        }),
      );
    case "update-preferences":
      return settle(
        submission,
        () => updateEmailPreferences(ctx, input),
        () => ({
          toast: { kind: "success", title: "Email preferences saved" },
        }),
      );
    case "update-leaderboard-privacy":
      return settle(
        submission,
        () => updateLeaderboardPrivacy(ctx, input),
        () => ({
          toast: {
            kind: "success",
            title: "Leaderboard privacy saved",
            description: input.leaderboardAnonymous
              ? "You appear as 'Anonymous' on the leaderboard."
              : "You appear by name on the leaderboard.",
          },
        }),
      );
    case "change-password":
      return settle(
        submission,
        limited(() => changePassword(ctx, viaAuth, input)),
        (headers) => ({
          headers,
          resetForm: true,
          toast: {
            kind: "success",
            title: "Password changed",
            description: "Your other sessions were signed out.",
          },
        }),
        { weak_password: "newPassword", invalid_password: "currentPassword" },
      );
    case "enable-two-factor":
      return settle(
        submission,
        limited(() => startTwoFactorSetup(ctx, viaAuth, input)),
        (twoFactorSetup) => ({ twoFactorSetup, resetForm: true }),
        { invalid_password: "password" },
      );
    case "confirm-two-factor":
      return settle(
        submission,
        limited(() => confirmTwoFactor(ctx, viaAuth, input)),
        (headers) => ({
          headers,
          resetForm: true,
          toast: { kind: "success", title: "Two-factor authentication is on" },
        }),
        { invalid_code: "code" },
      );
    case "disable-two-factor":
      return settle(
        submission,
        limited(() => disableTwoFactor(ctx, viaAuth, input)),
        (headers) => ({
          headers,
          resetForm: true,
          toast: { kind: "success", title: "Two-factor authentication is off" },
        }),
        { invalid_code: "code", invalid_password: "password" },
      );
    case "revoke-session":
      return settle(
        submission,
        () => revokeSession(ctx, input),
        () =>
          input.sessionId === user.sessionId
            ? signedOut()
            : { toast: { kind: "success", title: "Session signed out" } },
      );
    case "sign-out-sessions":
      return settle(
        submission,
        () => revokeSessions(ctx, { scope: input.scope, currentSessionId: user.sessionId }),
        (count) =>
          input.scope === "global"
            ? signedOut()
            : {
                toast: {
                  kind: "success",
                  title: "Other sessions signed out",
                  description: `${count} other ${count === 1 ? "session was" : "sessions were"} signed out.`,
                },
              },
      );
    case "set-deposit-limits":
    case "set-spending-limits": {
      const kind = input.intent === "set-deposit-limits" ? "deposit" : "spending";
      return settle(
        submission,
        () =>
          setLimits(ctx, {
            kind,
            amountsCents: { day: input.day, week: input.week, month: input.month },
          }),
        (limits) => ({
          toast: {
            kind: "success",
            title: kind === "deposit" ? "Deposit limits saved" : "Spending limits saved",
            description: limits.some((limit) => limit.pending)
              ? "Lower limits apply now; raised or removed ones apply after 24 hours."
              : "Your limits apply now.",
          },
        }),
      );
    }
    case "start-pause":
      return settle(
        submission,
        () => startPause(ctx, input),
        (pause) => ({
          toast: {
            kind: "success",
            title:
              pause.kind === "break" ? "Your break has started" : "Your self-exclusion has started",
            description: `Until ${formatPlayTime(pause.until)}`,
          },
        }),
      );
    case "confirm-date-of-birth":
      return settle(
        submission,
        () => confirmDateOfBirth(ctx, input),
        () => ({ toast: { kind: "success", title: "Date of birth confirmed" } }),
        { underage: "dateOfBirth" },
      );
    case "continue-play":
      return settle(
        submission,
        () => continuePlay(ctx, input),
        () => ({}),
      );
    case "delete-account":
      return settle(
        submission,
        () => deleteAccount(ctx, input),
        () =>
          signedOutRedirect(request, context, "/", {
            kind: "success",
            title: "Your account has been deleted",
          }),
        { email_mismatch: "confirmEmail" },
      );
  }
}

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
