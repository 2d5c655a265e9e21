import { expect, type Page } from "@playwright/test";
import { gotoHydrated } from "./session";

/** A catalogue product as the shop names it (app/.server/setup/seed/catalog-data.ts). */
export type Product = { id: number; name: string };

/** Adds one of `product` from its page's 'Add to Cart' and waits for the 'Added to cart' toast. */
export async function addToCart(page: Page, product: Product): Promise<void> {
  await gotoHydrated(page, `/product/${product.id}`);
  await page.getByRole("main").getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
}
