import { expect, type Locator, type Page } from "@playwright/test";
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

/** A table region of /admin by its exact name ("Packs", "Audit log", "Blocked entities"). */
export const adminRegion = (page: Page, name: string): Locator =>
  page.getByRole("region", { name, exact: true });

/**
 * Opens /admin's Audit tab and returns its newest row whose name matches `action` (an audit action
 * such as /block\.create/; docs/product/administration.md).
 */
export async function auditRow(page: Page, action: RegExp): Promise<Locator> {
  await gotoHydrated(page, "/admin?tab=audit");
  return adminRegion(page, "Audit log").getByRole("row", { name: action }).first();
}

/**
 * An /admin tab's URL with a search, encoded as the search form encodes it (spaces as '+'), so
 * the server's and the browser's renders of the form agree.
 */
export const adminTab = (tab: string, q: string) =>
  `/admin?${new URLSearchParams({ tab, q }).toString()}`;

/**
 * Opens `tab` of /admin searched for `q` (adminTab) and waits until its heading counts one hit
 * ("Listings (1)", `heading` being "Listings").
 */
export async function openAdminSearch(
  page: Page,
  tab: string,
  q: string,
  heading: string,
): Promise<void> {
  await gotoHydrated(page, adminTab(tab, q));
  await expect(page.getByRole("heading", { level: 2, name: `${heading} (1)` })).toBeVisible();
}

/** The rarity tiers in the order the pack dialogs list their fields. */
const TIERS = ["Common", "Uncommon", "Rare", "Legendary"] as const;

/**
 * Fills the four tier fields of a pack dialog (New pack, Edit): the odds in percent when `fields`
 * is "odds" ("Common", …), the card names when it is "names" ("Common names", …); `values` in
 * TIERS order.
 */
export async function fillTiers(
  dialog: Locator,
  fields: "odds" | "names",
  values: readonly [string, string, string, string],
): Promise<void> {
  for (const [index, tier] of TIERS.entries()) {
    const label = fields === "names" ? `${tier} names` : tier;
    await dialog.getByLabel(label, { exact: true }).fill(values[index]!);
  }
}
