/**
 * The /auth link that brings a visitor back to `path` (path + search) after signing in
 * (docs/product/accounts-and-security.md: cart and wishlist actions require sign-in, otherwise go to /auth).
 * Slashes stay readable (`/auth?redirectTo=/product/1`); everything else is encoded.
 */
export function signInHref(path: string): string {
  return `/auth?redirectTo=${encodeURIComponent(path).replace(/%2F/gi, "/")}`;
}
