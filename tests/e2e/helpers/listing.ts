import { expect, type Locator, type Page } from "@playwright/test";
import { gotoHydrated } from "./session";

/** The 'Create a New Listing' dialog (docs/product/market.md "Listings"). */
export const createListingDialog = (page: Page) =>
  page.getByRole("dialog", { name: "Create a New Listing" });

/** A physical item's listing as its seller types it into the dialog (price in dollars, as typed). */
export type ItemListing = {
  title: string;
  description: string;
  price: string;
  category: string;
  condition: string;
};

/** Opens the dialog from /marketplace's 'Create Listing' button; returns it, nothing filled. */
export async function openCreateListing(page: Page): Promise<Locator> {
  await gotoHydrated(page, "/marketplace");
  await page.getByRole("button", { name: "Create Listing" }).click();
  return createListingDialog(page);
}

/** Fills the open dialog with `item` (title, description, price, category, condition). */
export async function fillItemListing(dialog: Locator, item: ItemListing): Promise<void> {
  await dialog.getByLabel("Title").fill(item.title);
  await dialog.getByLabel("Description").fill(item.description);
  await dialog.getByLabel("Price (USD)").fill(item.price);
  await dialog.getByLabel("Category").selectOption(item.category);
  await dialog.getByLabel("Condition").selectOption(item.condition);
}

/** Presses the dialog's 'Create Listing' and waits for 'Listing created successfully!'. */
export async function submitListing(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole("button", { name: "Create Listing" }).click();
  await expect(page.getByText("Listing created successfully!")).toBeVisible();
}

/** Lists `item` from /marketplace: the dialog opened, filled and submitted. */
export async function createItemListing(page: Page, item: ItemListing): Promise<void> {
  const dialog = await openCreateListing(page);
  await fillItemListing(dialog, item);
  await submitListing(page, dialog);
}

/** Follows the title link of the listing's card in the marketplace grid shown, to its page. */
export async function openListingPage(page: Page, title: string): Promise<void> {
  await page.getByRole("article", { name: title }).getByRole("link", { name: title }).click();
}
