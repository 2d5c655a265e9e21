import type { ReactNode } from "react";
import {
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AppShell } from "./components/shell/app-shell";
import { readSidebarOpen } from "./components/shell/sidebar-cookie";
import { thrownRefusal } from "./lib/intent-reply";
import { useNonce } from "./lib/nonce";
import { themeBootScript } from "./lib/theme";
import { zodJitlessScript } from "./lib/zod-jitless";
import { useToasts } from "./lib/toast";
import { readFlashToasts } from "./.server/toast";
import { headerCounts } from "./.server/account/header-counts";
import { requestCtx } from "./.server/request-context";
import { playPromptsOf } from "./.server/play/status";
// The one stylesheet, linked by URL in the Layout rather than imported for its side effect
// (docs/decisions/063-first-load-below-the-fold.md): imported, it was the CSS of the "shell"
// chunk that every deferred part imports, so React Router marked its link with a trailing `#`
// and Vite's preload helper, not finding that href, appended a second copy on the page's first
// dynamic import (parsed again, the whole page's style recomputed). No route has other links.
import appCss from "./app.css?url";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.user;
  // Toasts flashed by a redirecting action (app/.server/toast.ts), shown once.
  const flash = await readFlashToasts(request, context);
  const ctx = requestCtx(context);
  // The header's cart count, wallet balance (null for a visitor) and unread count: read with the
  // session (a GET on PostgreSQL), else here in one statement.
  const { cartUnits, walletBalanceCents, unreadNotifications } =
    (user && context.headerCounts) || (await headerCounts(ctx));
  // A break or self-exclusion in force (pack and buy prompts show its end instead), and the
  // price under which a pack opens without asking: from the play account the session read.
  const prompts = playPromptsOf(user?.playAccount ?? null, ctx.now());
  return data(
    {
      sidebarOpen: readSidebarOpen(request.headers.get("Cookie")),
      year: new Date().getFullYear(),
      user: user
        ? {
            fullName: user.fullName,
            email: user.email,
            role: user.role,
            emailVerified: user.emailVerified,
          }
        : null,
      toasts: flash.toasts,
      cartCount: cartUnits,
      walletBalanceCents,
      unreadNotifications,
      pause: prompts.pause,
      packConfirmUnderCents: prompts.packConfirmUnderCents,
    },
    { headers: flash.headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  useToasts(root?.toasts);
  return (
    <html lang="en" className="dark" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="dark light" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: zodJitlessScript }} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <link nonce={nonce} rel="stylesheet" href={appCss} />
      </head>
      <body>
        <AppShell
          user={root?.user ?? null}
          sidebarOpen={root?.sidebarOpen ?? true}
          year={root?.year ?? new Date().getFullYear()}
        >
          {children}
        </AppShell>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong";
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground mt-4">
        {thrownRefusal(error) ??
          "We could not load this page. Please try again in a moment, or return to the home page."}
      </p>
      <a href="/" className="text-accent mt-6 inline-block font-medium underline">
        Return to Home
      </a>
    </div>
  );
}
