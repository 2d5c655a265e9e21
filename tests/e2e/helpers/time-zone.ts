import type { Locator, Page } from "@playwright/test";
import { formatInstant } from "../../../app/lib/time";
import { expect, test } from "./test";

/**
 * Declares the tests that `body` adds inside a describe block "in Tokyo", whose browser runs in
 * Asia/Tokyo (UTC+9): times are sent in UTC and shown in the browser's zone once hydrated.
 */
export function describeInTokyo(body: () => void): void {
  test.describe("in Tokyo", () => {
    test.use({ timezoneId: "Asia/Tokyo" });
    body();
  });
}

/**
 * Waits until the <time> element shows its instant in Tokyo's zone ("… GMT+9", as formatInstant
 * writes it) and returns the instant (its datetime attribute, ISO 8601).
 */
export async function expectShownInTokyo(time: Locator): Promise<string> {
  await expect(time).toHaveText(/ GMT\+9$/);
  const at = (await time.getAttribute("datetime"))!;
  await expect(time).toHaveText(formatInstant(at, { timeZone: "Asia/Tokyo" }));
  return at;
}

/**
 * The server's page at `url` (what hydration starts from) holds the instant `at` as is and
 * written in UTC; the suite's console check fails the test on a hydration mismatch.
 */
export async function expectServerWroteUtc(page: Page, url: string, at: string): Promise<void> {
  const html = await (await page.request.get(url)).text();
  expect(html).toContain(at);
  expect(html).toContain(formatInstant(at, { timeZone: "UTC" }));
}
