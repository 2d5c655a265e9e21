import { data } from "react-router";
import type { Route } from "./+types/api.auth.$";

/**
 * Better Auth's HTTP endpoints, limited to the links it emails (verify email, reset
 * password). Everything else (sign-in, sign-up, ...) goes through our own actions, which run
 * the fraud check and rate limits first; so the rest answers 404.
 */
const EMAILED_LINKS = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[\w-]+$/];

export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!EMAILED_LINKS.some((pattern) => pattern.test(pathname))) {
    throw data("Not found", { status: 404 });
  }
  return context.auth.handler(request);
}

export function action() {
  throw data("Not found", { status: 404 });
}
