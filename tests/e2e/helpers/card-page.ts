import type { Locator, Page } from "@playwright/test";

/**
 * The FMV cell of one grade ("PSA 9") in the first table of a card's page (/cards/:id): "$43.01
 * confidence 88", or "No estimate yet" (docs/product/value.md).
 */
export const fmvCell = (page: Page, grade: string): Locator =>
  page
    .getByRole("table")
    .first()
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: grade, exact: true }) })
    .getByRole("cell")
    .first();
