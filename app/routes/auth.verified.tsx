import { CircleAlert, CircleCheck, Mail } from "lucide-react";
import type { Route } from "./+types/auth.verified";
import { MailFlowCard, MailFlowLink } from "./+auth-mail/mail-flow-card";
import { ResendVerificationForm } from "./+auth-mail/resend-verification-form";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () =>
  pageMeta("Email verification", "Confirm the email address of your PackVault account.");

/**
 * Where a verification link lands (Better Auth redirects here, adding `?error=CODE` when the
 * token is expired, forged or its account gone). What the page says follows the session, the
 * source of truth: a verified user sees 'verified' even from an old link; otherwise an error
 * code means the link failed, and a signed-in user who is not verified yet can ask for a new one.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  const linkFailed = new URL(request.url).searchParams.has("error");
  if (user?.emailVerified) return { state: "verified" as const };
  if (linkFailed) return { state: "link-failed" as const, signedIn: user !== null };
  if (user) return { state: "unverified" as const, email: user.email };
  return { state: "verified" as const };
}

export default function Verified({ loaderData }: Route.ComponentProps) {
  switch (loaderData.state) {
    case "verified":
      return (
        <MailFlowCard
          icon={CircleCheck}
          title="Your email is verified"
          lead="Thanks! You can now open packs, add funds, check out and trade."
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <MailFlowLink to="/packs" narrow>
              Browse packs
            </MailFlowLink>
            <MailFlowLink to="/account" variant="outline" narrow>
              My account
            </MailFlowLink>
          </div>
        </MailFlowCard>
      );
    case "link-failed":
      return (
        <MailFlowCard
          icon={CircleAlert}
          title="This link has expired or was already used"
          lead={
            loaderData.signedIn
              ? "Verification links work for 24 hours. Ask for a new one and use the newest email."
              : "Verification links work for 24 hours. Sign in to ask for a new one."
          }
        >
          {loaderData.signedIn ? (
            <ResendVerificationForm redirectTo="/auth/verified" />
          ) : (
            <MailFlowLink to="/auth?redirectTo=%2Fauth%2Fverified">Sign in</MailFlowLink>
          )}
        </MailFlowCard>
      );
    case "unverified":
      return (
        <MailFlowCard
          icon={Mail}
          title="Check your email"
          lead={
            <>
              Follow the link we sent to{" "}
              <strong className="text-foreground">{loaderData.email}</strong> to verify your
              account. Nothing arrived? We can send it again.
            </>
          }
        >
          <ResendVerificationForm redirectTo="/auth/verified" />
        </MailFlowCard>
      );
  }
}
