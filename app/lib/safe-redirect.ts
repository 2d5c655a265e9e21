/**
 * A same-site path to send the user to after sign-in, or `fallback`. Refuses absolute URLs,
 * protocol-relative `//host`, backslash tricks and anything that is not a path.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) {
    return fallback;
  }
  try {
    const url = new URL(to, "http://same.invalid");
    return url.origin === "http://same.invalid"
      ? `${url.pathname}${url.search}${url.hash}`
      : fallback;
  } catch {
    return fallback;
  }
}
