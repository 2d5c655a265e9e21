import { data, redirect, type AppLoadContext } from "react-router";
import type { UserRole } from "../db/schema";
import type { SessionUser } from "./session-user";

/**
 * The signed-in user, or a redirect to /auth that brings them back here afterwards
 * (docs/product/accounts-and-security.md: cart, wishlist and account redirect to /auth when signed out).
 * @throws Response 302 to `/auth?redirectTo=<this path>` for a visitor.
 */
export function requireUser(request: Request, context: AppLoadContext): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * The signed-in user when their role is one of `roles`. Called by every admin loader and
 * action itself (a layout guard is not enough: actions can be posted directly).
 * @throws Response 302 to /auth for a visitor; for a signed-in user without the role, 302 to /
 * on a page load and 403 on any other method.
 */
export function requireRole(
  request: Request,
  context: AppLoadContext,
  ...roles: UserRole[]
): SessionUser {
  const user = requireUser(request, context);
  if (roles.includes(user.role)) return user;
  if (request.method === "GET" || request.method === "HEAD") throw redirect("/");
  throw data({ message: "You do not have permission to do that." }, { status: 403 });
}
