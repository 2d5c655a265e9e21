import { data } from "react-router";
import type { Route } from "./+types/api.auth.$";
import { RESET_PASSWORD_PATH, VERIFIED_PATH } from "~/.server/auth/email-flows";
import { safeRedirect } from "~/lib/safe-redirect";

/**
 * Better Auth's HTTP endpoints, limited to the links it emails (verify email, reset
 * password), each with the page it goes on to. Everything else (sign-in, sign-up, ...) goes
 * through our own actions, which run the fraud check and rate limits first; so the rest
 * answers 404.
 */
const EMAILED_LINKS: [RegExp, string][] = [
  [/^\/api\/auth\/verify-email$/, VERIFIED_PATH],
  [/^\/api\/auth\/reset-password\/[\w-]+$/, RESET_PASSWORD_PATH],
];

/**
 * An emailed link, with its `callbackURL` (where Better Auth redirects afterwards) put through
 * the site's one redirect check: anything but a same-site path becomes the link's own page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = EMAILED_LINKS.find(([pattern]) => pattern.test(url.pathname));
  if (!link) throw data("Not found", { status: 404 });
  if (url.searchParams.has("callbackURL")) {
    url.searchParams.set("callbackURL", safeRedirect(url.searchParams.get("callbackURL"), link[1]));
  }
  return context.auth.handler(new Request(url, { headers: request.headers }));
}

export function action() {
  throw data("Not found", { status: 404 });
}
