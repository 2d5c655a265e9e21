import type { Locator, Page } from "@playwright/test";
import { gotoHydrated, signInAsAdmin } from "./session";

/**
 * The seeded admin signed in on `page` (signInAsAdmin), then on `url` of /admin hydrated; with a
 * `viewport` ({ width, height } in CSS px) the page is resized first.
 */
export async function openAsAdmin(
  page: Page,
  url: string,
  viewport?: { width: number; height: number },
): Promise<void> {
  if (viewport) await page.setViewportSize(viewport);
  await signInAsAdmin(page);
  await gotoHydrated(page, url);
}

/**
 * Opens /admin's Audit tab and returns its newest row whose name matches `action` (an audit action
 * such as /block\.create/; docs/product/administration.md).
 */
export async function auditRow(page: Page, action: RegExp): Promise<Locator> {
  await gotoHydrated(page, "/admin?tab=audit");
  return page
    .getByRole("region", { name: "Audit log", exact: true })
    .getByRole("row", { name: action })
    .first();
}
