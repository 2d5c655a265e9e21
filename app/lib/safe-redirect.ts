const BASE = "http://same.invalid";

/**
 * A same-site path (path, query and fragment) to send the user to, or `fallback`. The one
 * check every redirect sink uses: `redirectTo` of forms and /auth, and Better Auth's
 * `callbackURL` (docs/product/accounts-and-security.md, "Redirects").
 *
 * It normalises first, the way a browser reads a Location header, and judges the result:
 * control characters (tab, newline: browsers drop them, so `/\t/evil` is `//evil`) and
 * backslashes (read as `/`) are refused outright; the value must be a path (`/...`), and
 * after resolving dot segments (`/.//evil` is `//evil`) and decoding (`/%2F%2Fevil`) it must
 * still not start with two slashes. The answer is the normalised path, so what is checked is
 * what is sent.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof to !== "string" || to.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(to) || !to.startsWith("/") || to.startsWith("//")) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (startsLikeAHost(url.pathname)) return fallback;
  return path;
}

/** `//x` or `/\x`, also once percent-decoded (a proxy or router may decode it). */
function startsLikeAHost(pathname: string): boolean {
  let decoded = pathname;
  for (let round = 0; round < 3; round += 1) {
    if (/^[/\\]{2}|^\/\\/.test(decoded)) return true;
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) return false;
      decoded = next;
    } catch {
      return true;
    }
  }
  return /^[/\\]{2}/.test(decoded);
}
