import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type MouseEvent } from "react";
import { redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { SignInForm, SignUpForm } from "./+auth/auth-forms";
import {
  SIGNED_IN,
  SIGNED_UP,
  attempt,
  authDeps,
  invalidSubmission,
  pendingSignInCookie,
  refusal,
  securityNotice,
  twoFactorStep,
} from "./+auth/reply.server";
import { TwoFactorForm } from "./+auth/two-factor-form";
import { signIn, verifySignInCode } from "~/.server/auth/sign-in";
import { signUp } from "~/.server/auth/sign-up";
import { requestCtx } from "~/.server/request-context";
import { redirectWithToasts } from "~/.server/toast";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { authFormSchema } from "~/lib/schemas/auth";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign in", "Sign in to PackVault or create an account to start your collection.");

/** Where to go once signed in: `redirectTo` when it is a same-site path, otherwise /. */
const destination = (request: Request) =>
  safeRedirect(new URL(request.url).searchParams.get("redirectTo"));

/** /auth (spec storefront section 2): a signed-in visitor goes on to `redirectTo` or /. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (context.user) throw redirect(destination(request));
  return null;
}

/**
 * The Sign In, Sign Up and two-factor forms post here with an `intent`; each runs one domain
 * call (rate limit, fraud check, Better Auth, attempt log) and redirects with the session
 * cookie and a flash toast, or answers with toasts and field errors. Unknown intents get a 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const to = destination(request);
  if (context.user) throw redirect(to);
  const submission = parseWithZod(await request.formData(), { schema: authFormSchema });
  if (submission.status !== "success") return invalidSubmission(submission);
  const ctx = requestCtx(context);
  const deps = authDeps(request, context);
  const input = submission.value;
  const pending = await pendingSignInCookie(context);

  switch (input.intent) {
    case "sign-in": {
      const { done, refused } = await attempt(() => signIn(ctx, deps, input));
      if (refused) return refusal(submission, refused);
      if (done.status === "two-factor") {
        return twoFactorStep(submission, done, await pending.serialize(input.email.toLowerCase()));
      }
      const toasts = [...securityNotice(done.notice), SIGNED_IN];
      return redirectWithToasts(context, to, toasts, done.headers);
    }
    case "verify-totp": {
      const email = await pending.parse(request.headers.get("Cookie"));
      const { done, refused } = await attempt(() =>
        verifySignInCode(ctx, deps, {
          code: input.code,
          email: typeof email === "string" ? email : null,
        }),
      );
      if (refused) return refusal(submission, refused);
      done.headers.append("Set-Cookie", await pending.serialize("", { maxAge: 0 }));
      return redirectWithToasts(context, to, [SIGNED_IN], done.headers);
    }
    case "sign-up": {
      const { done, refused } = await attempt(() => signUp(ctx, deps, input));
      if (refused) return refusal(submission, refused);
      return redirectWithToasts(context, to, [SIGNED_UP], done.headers);
    }
  }
}

type Tab = "signin" | "signup";

/** Keeps the JS-less tab link from navigating once Radix switches tabs itself. */
const stayOnPage = (event: MouseEvent) => event.preventDefault();

export default function AuthPage({ actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const [searchParams] = useSearchParams();
  const urlTab: Tab = searchParams.get("tab") === "signup" ? "signup" : "signin";
  const [tab, setTab] = useState<Tab>(actionData?.intent === "sign-up" ? "signup" : urlTab);
  // The header's Sign up link (or a tab link) changes ?tab= while this page is open.
  const [shownUrlTab, setShownUrlTab] = useState(urlTab);
  if (shownUrlTab !== urlTab) {
    setShownUrlTab(urlTab);
    setTab(urlTab);
  }
  const hrefFor = (target: Tab) => {
    const params = new URLSearchParams(searchParams);
    if (target === "signup") params.set("tab", "signup");
    else params.delete("tab");
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const lastResultFor = (intent: string) =>
    actionData?.intent === intent ? actionData.result : undefined;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <section className="bg-surface space-y-6 rounded-xl border p-6 shadow-sm sm:p-8">
        <header className="space-y-2 text-center">
          <h1 className="text-2xl font-bold tracking-tight">Welcome to PackVault</h1>
          <p className="text-muted-foreground">Sign in to access your collection</p>
        </header>
        {actionData?.step === "two-factor" ? (
          <TwoFactorForm
            lastResult={lastResultFor("verify-totp")}
            restartHref={hrefFor("signin")}
          />
        ) : (
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList className="w-full">
              <TabsTrigger value="signin" className="flex-1" asChild>
                <a href={hrefFor("signin")} onClick={stayOnPage}>
                  Sign In
                </a>
              </TabsTrigger>
              <TabsTrigger value="signup" className="flex-1" asChild>
                <a href={hrefFor("signup")} onClick={stayOnPage}>
                  Sign Up
                </a>
              </TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm lastResult={lastResultFor("sign-in")} switchHref={hrefFor("signup")} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm lastResult={lastResultFor("sign-up")} switchHref={hrefFor("signin")} />
            </TabsContent>
          </Tabs>
        )}
      </section>
    </div>
  );
}
