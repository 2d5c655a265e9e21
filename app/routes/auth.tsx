import { redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { SignInForm, SignUpForm } from "./+auth/auth-forms";
import {
  SIGNED_IN,
  SIGNED_IN_FIRST,
  SIGNED_UP,
  authDeps,
  authIntentBase,
  pendingSignInCookie,
  securityNotice,
  type AuthReply,
} from "./+auth/auth-reply.server";
import { TwoFactorForm } from "./+auth/two-factor-form";
import { signIn, verifySignInCode } from "~/.server/auth/sign-in";
import { signUp } from "~/.server/auth/sign-up";
import { intent, runIntent } from "~/.server/http/run-intent";
import { TabsContent } from "~/components/ui/tabs";
import { UrlTabs, urlTabHref, type UrlTab } from "~/components/ui/url-tabs";
import { pageMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import { signInHref } from "~/lib/sign-in-href";
import { signInCodeSchema, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign in", "Sign in to PackVault or create an account to start your collection.");

/** Where to go once signed in: `redirectTo` when it is a same-site path, otherwise /. */
const destination = (request: Request) =>
  safeRedirect(new URL(request.url).searchParams.get("redirectTo"));

/** /auth (docs/product/accounts-and-security.md): a signed-in visitor goes on to `redirectTo` or /. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (context.user) throw redirect(destination(request));
  return null;
}

/**
 * The Sign In, Sign Up and two-factor forms post here with an `intent`; each runs one domain
 * call (rate limit, fraud check, Better Auth, attempt log) and redirects with the session
 * cookie and a flash toast, or answers with toasts and field errors (authRefusal). Unknown
 * intents get a 400; a signed-in visitor goes on to `redirectTo`.
 */
export const action = async (args: Route.ActionArgs) => {
  const to = destination(args.request);
  if (args.context.user) throw redirect(to);
  const pending = await pendingSignInCookie(args.context);
  return runIntent<AuthReply>(
    args,
    {
      "sign-in": intent({
        schema: signInSchema,
        ...authIntentBase("sign-in", "credentials"),
        run: (ctx, input, { request, context }) => signIn(ctx, authDeps(request, context), input),
        done: async (done, input) =>
          done.status === "two-factor"
            ? {
                reply: { step: "two-factor" },
                resetForm: true,
                toasts: securityNotice(done.notice),
                headers: withCookie(
                  done.headers,
                  await pending.serialize(input.email.toLowerCase()),
                ),
              }
            : {
                redirect: to,
                toasts: [...securityNotice(done.notice), done.first ? SIGNED_IN_FIRST : SIGNED_IN],
                headers: done.headers,
              },
      }),
      "verify-totp": intent({
        schema: signInCodeSchema,
        ...authIntentBase("verify-totp", "two-factor"),
        run: async (ctx, { code }, { request, context }) => {
          const email = await pending.parse(request.headers.get("Cookie"));
          return verifySignInCode(ctx, authDeps(request, context), {
            code,
            email: typeof email === "string" ? email : null,
          });
        },
        done: async (done) => ({
          redirect: to,
          toasts: [done.first ? SIGNED_IN_FIRST : SIGNED_IN],
          headers: withCookie(done.headers, await pending.serialize("", { maxAge: 0 })),
        }),
      }),
      "sign-up": intent({
        schema: signUpSchema,
        ...authIntentBase("sign-up", "credentials"),
        run: (ctx, input, { request, context }) => signUp(ctx, authDeps(request, context), input),
        // No session either way (a taken address must not show): sign in next.
        done: () => ({ redirect: signInHref(to), toasts: [SIGNED_UP] }),
      }),
    },
    { home: to },
  );
};

/** `headers` with one more Set-Cookie. */
function withCookie(headers: Headers, cookie: string): Headers {
  const all = new Headers();
  for (const each of headers.getSetCookie()) all.append("Set-Cookie", each);
  all.append("Set-Cookie", cookie);
  return all;
}

type Tab = "signin" | "signup";

const TABS: readonly UrlTab<Tab>[] = [
  { value: "signin", label: "Sign In" },
  { value: "signup", label: "Sign Up" },
];

export default function AuthPage({ actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const [searchParams] = useSearchParams();
  const urlTab: Tab = searchParams.get("tab") === "signup" ? "signup" : "signin";
  // A refused sign-up stays on its tab until the visitor moves (a navigation drops actionData).
  const tab: Tab = actionData?.intent === "sign-up" ? "signup" : urlTab;
  const hrefFor = (target: Tab) => urlTabHref(searchParams, target, "signin");
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
          <UrlTabs
            tab={tab}
            tabs={TABS}
            label="Sign in or sign up"
            keepSearch
            defaultTab="signin"
            fill
          >
            <TabsContent value="signin">
              <SignInForm lastResult={lastResultFor("sign-in")} switchHref={hrefFor("signup")} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm lastResult={lastResultFor("sign-up")} switchHref={hrefFor("signin")} />
            </TabsContent>
          </UrlTabs>
        )}
      </section>
    </div>
  );
}
