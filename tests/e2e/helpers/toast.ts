import type { Locator, Page } from "@playwright/test";

/** The first toast (sonner) on the page whose text has `title`. */
export const toast = (page: Page, title: string | RegExp): Locator =>
  page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
