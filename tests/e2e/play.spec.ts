import { expectNoSeriousA11yViolations } from "./helpers/axe";
import {
  addFunds,
  confirmPackOpening,
  expectBalance,
  openPackAndKeep,
  STARTER_PACK,
  submitAddFunds,
} from "./helpers/collector";
import { gotoHydrated, signUpVerified } from "./helpers/session";
import { expect, test } from "./helpers/test";
import { toast } from "./helpers/toast";

// Responsible play (docs/decisions/010-responsible-play.md), as a collector meets it: limits
// and a self-exclusion set on /account's Limits tab refuse openings on the pack page.
test.describe.configure({ timeout: 120_000 });

test("a daily spending limit refuses the opening that would pass it, visibly", async ({ page }) => {
  await signUpVerified(page);
  await addFunds(page, 100);

  await gotoHydrated(page, "/account?tab=limits");
  await expect(page.getByRole("tab", { name: "Limits" })).toHaveAttribute("aria-selected", "true");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("textbox", { name: "Daily spending limit ($)" }).fill("30");
  await page.getByRole("button", { name: "Save spending limits" }).click();
  await expect(toast(page, "Spending limits saved")).toBeVisible();
  await expect(page.getByText("$30.00 now.")).toBeVisible();

  await openPackAndKeep(page);
  await expectBalance(page, "$75.00");
  await gotoHydrated(page, `/pack/${STARTER_PACK.id}`);
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  await confirmPackOpening(page);
  await expect(toast(page, "This would exceed your daily spending limit")).toBeVisible();
  await expectBalance(page, "$75.00");

  // Raising it waits 24 hours, shown as pending; the $30 limit stays in force.
  await gotoHydrated(page, "/account?tab=limits");
  await page.getByRole("textbox", { name: "Daily spending limit ($)" }).fill("500");
  await page.getByRole("button", { name: "Save spending limits" }).click();
  await expect(page.getByText(/\$30\.00 now\. Pending: Raised to \$500\.00 on /)).toBeVisible();
});

test("a self-excluded collector cannot open a pack; the vault still works", async ({ page }) => {
  await signUpVerified(page);
  await addFunds(page, 50);

  await gotoHydrated(page, "/account?tab=limits");
  await page.getByRole("radio", { name: "6 months" }).check();
  await page.getByRole("button", { name: "Start self-exclusion" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Start a self-exclusion of 6 months?" });
  await expect(dialog).toContainText("It cannot be ended early.");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Start self-exclusion" }).click();
  await expect(toast(page, "Your self-exclusion has started")).toBeVisible();
  await expect(page.getByRole("heading", { name: "You have excluded yourself" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Start (break|self-exclusion)/ })).toHaveCount(0);

  // The Limits tab points to a problem-gambling helpline (HELPLINE_URL, HELPLINE_PHONE).
  const helpline = page.getByRole("region", { name: "Need to talk to someone?" });
  await expect(helpline.getByRole("link", { name: "1-800-GAMBLER" })).toHaveAttribute(
    "href",
    "tel:+18004262537",
  );
  await expect(
    helpline.getByRole("link", { name: "the problem gambling helpline" }),
  ).toHaveAttribute("href", "https://www.ncpgambling.org/");

  // The pack page shows when it ends instead of a prompt to open.
  await gotoHydrated(page, `/pack/${STARTER_PACK.id}`);
  await expect(
    page.getByRole("status").filter({ hasText: /^You have excluded yourself until / }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Pack Now" })).toHaveCount(0);
  await expectBalance(page, "$50.00");

  // So do the home page's pack row, /packs and the marketplace's offer prompts.
  await gotoHydrated(page, "/");
  const row = page.getByRole("region", { name: "Live packs" });
  await expect(row.getByRole("status").first()).toHaveText(/^Excluded until /);
  await expect(row.getByRole("button", { name: /^Open pack: / })).toHaveCount(0);
  await gotoHydrated(page, "/packs");
  await expect(
    page.getByRole("status").filter({ hasText: /^You have excluded yourself until / }),
  ).toBeVisible();
  await gotoHydrated(page, "/marketplace");
  await expect(
    page.getByRole("status").filter({ hasText: /^You have excluded yourself until / }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Make Offer" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Trade", exact: true })).toHaveCount(0);

  await gotoHydrated(page, "/wallet");
  await submitAddFunds(page, 10);
  await expect(toast(page, /You have excluded yourself until /)).toBeVisible();
  await expectBalance(page, "$50.00");

  await gotoHydrated(page, "/vault");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("My activity shows the 30-day and all-time figures with a chart", async ({ page }) => {
  await signUpVerified(page);
  await addFunds(page, 40);
  await gotoHydrated(page, "/account?tab=activity");
  const table = page.getByRole("table", { name: "Your activity, last 30 days and all time" });
  await expect(table.getByRole("row", { name: /^Deposits \$40\.00 \$40\.00$/ })).toBeVisible();
  await expect(page.getByRole("figure", { name: /Last 30 days/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
