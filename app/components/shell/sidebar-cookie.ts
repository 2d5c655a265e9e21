/** The sidebar state cookie, kept for 604800 s (7 days). */
export const SIDEBAR_COOKIE = "sidebar:state";
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;

/** Reads the sidebar state from a Cookie header; expanded unless the cookie says "false". */
export function readSidebarOpen(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(/(?:^|;\s*)sidebar:state=([^;]*)/);
  return match?.[1] !== "false";
}

/** Persists the sidebar state from the browser. */
export function writeSidebarOpen(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}
