import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import {
  expectVisitorSentToAuth,
  gotoHydrated,
  signUpUnverified,
  uniqueEmail,
} from "./helpers/session";
import { expect, test } from "./helpers/test";

// Signs up through the UI first: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const MESSAGES = [
  "Item name must be at least 3 characters",
  "Description must be at least 10 characters",
  "Category is required",
  "Estimated value must be greater than 0",
];

/** The spec's validation messages visible on the page (docs/product/market.md: only the first). */
async function visibleMessages(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const message of MESSAGES) {
    if (await page.getByText(message, { exact: true }).isVisible()) shown.push(message);
  }
  return shown;
}

const submitButton = (page: Page) => page.getByRole("button", { name: "Submit for Review" });

test("a visitor is sent from /sell to /auth, to come back after signing in", async ({ page }) => {
  await expectVisitorSentToAuth(page, "/sell");
});

test("a collector submits an item: one validation message at a time, then it is listed as pending", async ({
  page,
}) => {
  await signUpUnverified(page, { email: uniqueEmail("sell") });
  await gotoHydrated(page, "/sell");
  await expect(
    page.getByRole("heading", { level: 1, name: "Submit Your Collectibles" }),
  ).toBeVisible();
  const info = page.getByRole("complementary", { name: "What happens next?" });
  await expect(info).toContainText("2-3 business days");
  await expect(info).toContainText("5 business days after we authenticate");
  await expect(info).toContainText("prepaid shipping label");
  await expect(page.getByText("No submissions yet")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Everything empty: only the first message, on the first field, which gets the focus.
  await submitButton(page).click();
  await expect(page.getByText(MESSAGES[0]!, { exact: true })).toBeVisible();
  expect(await visibleMessages(page)).toEqual([MESSAGES[0]]);
  await expect(page.getByLabel("Item Name")).toBeFocused();
  await expect(page.getByLabel("Item Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Description")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);

  // A name of spaces is still too short (trimmed).
  await page.getByLabel("Item Name").fill("   ab   ");
  await submitButton(page).click();
  expect(await visibleMessages(page)).toEqual([MESSAGES[0]]);

  // Fixing the first shows the next one, alone.
  await page.getByLabel("Item Name").fill("1999 Charizard Holo");
  await expect(page.getByText(MESSAGES[1]!, { exact: true })).toBeVisible();
  expect(await visibleMessages(page)).toEqual([MESSAGES[1]]);
  await page.getByLabel("Description").fill("Base set, PSA 9, centered, no scratches");
  await expect(page.getByText(MESSAGES[2]!, { exact: true })).toBeVisible();
  expect(await visibleMessages(page)).toEqual([MESSAGES[2]]);
  await page.getByLabel("Category").selectOption("Pokemon");
  await page.getByLabel("Estimated Value (USD, optional)").fill("0");
  await submitButton(page).click();
  await expect(page.getByText(MESSAGES[3]!, { exact: true })).toBeVisible();
  expect(await visibleMessages(page)).toEqual([MESSAGES[3]]);

  // '1e9' is not plain digits: the message says so, not 'must be greater than 0'.
  await page.getByLabel("Estimated Value (USD, optional)").fill("1e9");
  await submitButton(page).click();
  await expect(
    page.getByText("Enter the amount in plain digits, like 1000 or 25.50", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("Estimated value must be greater than 0")).toHaveCount(0);
  await page.getByLabel("Estimated Value (USD, optional)").fill("1200.50");
  await page.getByLabel("Additional Notes (optional)").fill("Bought in 1999");
  await submitButton(page).click();
  await expect(
    page
      .getByText(
        "Submission received! We'll review your item and get back to you within 2-3 business days.",
      )
      .first(),
  ).toBeVisible();

  // The form starts empty again; the submission is listed, pending, with the estimate.
  await expect(page.getByLabel("Item Name")).toHaveValue("");
  const item = page
    .getByRole("list", { name: "Your submissions" })
    .getByRole("listitem", { name: "1999 Charizard Holo" });
  await expect(item).toBeVisible();
  await expect(item).toContainText("Pending");
  await expect(item).toContainText("Pokemon");
  await expect(item).toContainText("$1,200.50");
  await expect(item).toContainText("Not yet");
  await expect(item.getByRole("button", { name: /Accept/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("without JavaScript, the server answers a bad form with its first message only", async ({
  page,
  browser,
}) => {
  await signUpUnverified(page, { email: uniqueEmail("sell-nojs") });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noJs = await context.newPage();
  await noJs.goto("/sell");
  await noJs.getByLabel("Item Name").fill("Sealed Base Set booster");
  await noJs.getByLabel("Description").fill("short");
  await noJs.getByRole("button", { name: "Submit for Review" }).click();
  await expect(noJs.getByText(MESSAGES[1]!, { exact: true })).toBeVisible();
  expect(await visibleMessages(noJs)).toEqual([MESSAGES[1]]);
  // The values typed are kept.
  await expect(noJs.getByLabel("Item Name")).toHaveValue("Sealed Base Set booster");

  await noJs.getByLabel("Description").fill("Factory sealed, heavy, unweighed");
  await noJs.getByLabel("Category").selectOption("Other");
  await noJs.getByRole("button", { name: "Submit for Review" }).click();
  await expect(noJs).toHaveURL((url) => url.pathname === "/sell");
  await expect(
    noJs
      .getByRole("list", { name: "Your submissions" })
      .getByRole("listitem", { name: "Sealed Base Set booster" }),
  ).toContainText("Pending");
  await context.close();
});
