import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * The `shouldRevalidate` of a tabbed page whose loader sends every tab's data: switching tabs
 * (a navigation to the same path, only `?tab=` changes) keeps the loaded data; a form
 * submission or another path revalidates as React Router would by default.
 */
export function keepDataAcrossTabs({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
