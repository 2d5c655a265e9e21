import { type Page } from "@playwright/test";
import { formatInstant } from "../../app/lib/time";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import {
  expectVisitorSentToAuth,
  gotoHydrated,
  signUpVerified,
  uniqueEmail,
} from "./helpers/session";
import { expect, test } from "./helpers/test";
import { describeInTokyo, expectServerWroteUtc, expectShownInTokyo } from "./helpers/time-zone";

// Signs up and posts a top-up or two: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

// The sandbox provider (app/.server/wallet/sandbox-provider.ts): one card approves, one declines.
const APPROVED_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";
/** An expiry two years ahead, whatever year the test runs in. */
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`;

const balanceLink = (page: Page, amount: string) =>
  page.getByRole("banner").getByRole("link", { name: `Wallet balance ${amount}`, exact: true });
const addFundsForm = (page: Page) => page.getByRole("region", { name: "Add funds" });

/** Fills the Add funds form and presses 'Add funds'. */
async function addFunds(page: Page, { amount, card }: { amount: string; card: string }) {
  const form = addFundsForm(page);
  await form.getByLabel("Amount (USD)").fill(amount);
  await form.getByLabel("Card number").fill(card);
  await form.getByLabel("Expiry (MM/YY)").fill(EXPIRY);
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: "Add funds", exact: true }).click();
}

test("the expiry is one MM/YY field on the numeric keypad: typing the digits puts the slash in", async ({
  page,
}) => {
  await signUpVerified(page, { email: uniqueEmail("expiry") });
  await gotoHydrated(page, "/wallet");
  const form = addFundsForm(page);
  const expiry = form.getByLabel("Expiry (MM/YY)");
  await expect(expiry).toHaveAttribute("inputmode", "numeric");
  await form.getByLabel("Amount (USD)").fill("20");
  await form.getByLabel("Card number").fill(APPROVED_CARD);
  await expiry.pressSequentially(EXPIRY.replace("/", ""));
  await expect(expiry).toHaveValue(EXPIRY);
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: "Add funds", exact: true }).click();
  await expect(balanceLink(page, "$20.00")).toBeVisible();
});

test("a visitor is sent from /wallet to /auth", async ({ page }) => {
  await expectVisitorSentToAuth(page, "/wallet");
});

test("adding funds with the test card raises the balance in the header and the history", async ({
  page,
}) => {
  await signUpVerified(page, { email: uniqueEmail("wallet") });
  await expect(balanceLink(page, "$0.00")).toBeVisible();
  await balanceLink(page, "$0.00").click();
  await expect(page).toHaveURL((url) => url.pathname === "/wallet");
  await expect(page.getByRole("heading", { level: 1, name: "Wallet" })).toBeVisible();
  await expect(page.getByText("No transactions yet")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Sandbox payments" })).toContainText(
    "4242 4242 4242 4242 approves",
  );
  await expectNoSeriousA11yViolations(page);

  await addFunds(page, { amount: "50", card: APPROVED_CARD });
  await expect(page.getByText("Funds added").first()).toBeVisible();
  await expect(page.getByText("$50.00 was added to your wallet.").first()).toBeVisible();
  await expect(balanceLink(page, "$50.00")).toBeVisible();
  const entry = page.getByRole("list", { name: "Wallet history" }).getByRole("listitem").first();
  await expect(entry).toContainText("Added funds (card ending 4242)");
  await expect(entry).toContainText("+$50.00");
  await expect(entry).toContainText("Balance $50.00");
  // The form starts over for the next top-up.
  await expect(addFundsForm(page).getByLabel("Card number")).toHaveValue("");

  // A quick amount, newest entry first.
  await addFundsForm(page).getByRole("button", { name: "$25", exact: true }).click();
  await expect(addFundsForm(page).getByLabel("Amount (USD)")).toHaveValue("25");
  await addFunds(page, { amount: "25", card: APPROVED_CARD });
  await expect(balanceLink(page, "$75.00")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Wallet history" }).getByRole("listitem").first(),
  ).toContainText("Balance $75.00");
  await expectNoSeriousA11yViolations(page);
});

test("a declined card changes nothing and says 'Your card was declined'", async ({ page }) => {
  await signUpVerified(page, { email: uniqueEmail("wallet-declined") });
  await gotoHydrated(page, "/wallet");
  await addFunds(page, { amount: "40", card: DECLINED_CARD });
  await expect(page.getByText("Your card was declined").first()).toBeVisible();
  await expect(balanceLink(page, "$0.00")).toBeVisible();
  await expect(page.getByText("No transactions yet")).toBeVisible();
  // The refusal's toast covers neither the card fields nor the button (sonner sits at the top
  // right, under the header; at the bottom right it covered them).
  const form = addFundsForm(page);
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Your card was declined" }),
  ).toBeVisible();
  for (const toast of await page.locator("[data-sonner-toast]").all()) {
    const over = (await toast.boundingBox())!;
    for (const control of [
      form.getByLabel("Card number"),
      form.getByLabel("Expiry (MM/YY)"),
      form.getByLabel("CVC"),
      form.getByRole("button", { name: "Add funds", exact: true }),
    ]) {
      const box = (await control.boundingBox())!;
      const overlaps =
        over.x < box.x + box.width &&
        box.x < over.x + over.width &&
        over.y < box.y + box.height &&
        box.y < over.y + over.height;
      expect(overlaps).toBe(false);
    }
  }

  // Another card right after goes through (the refused attempt does not block the form).
  await addFunds(page, { amount: "40", card: APPROVED_CARD });
  await expect(balanceLink(page, "$40.00")).toBeVisible();
  await page.reload();
  await expect(balanceLink(page, "$40.00")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Wallet history" }).getByRole("listitem"),
  ).toHaveCount(1);
});

test("a malformed card number is refused next to the field", async ({ page }) => {
  await signUpVerified(page, { email: uniqueEmail("wallet-invalid") });
  await gotoHydrated(page, "/wallet");
  await addFunds(page, { amount: "3", card: "4242 4242 4242 4241" });
  const cardNumber = addFundsForm(page).getByLabel("Card number");
  await expect(cardNumber).toHaveAttribute("aria-invalid", "true");
  await expect(cardNumber).toHaveAccessibleDescription("Your card number is invalid");
  await expect(page.getByText("Add between $5.00 and $10,000.00")).toBeVisible();
  await expect(balanceLink(page, "$0.00")).toBeVisible();
});

test("after a top-up the wallet goes back to the page it was opened from", async ({ page }) => {
  await signUpVerified(page, { email: uniqueEmail("wallet-back") });
  await gotoHydrated(page, "/wallet?redirectTo=/vault");
  await expect(page.getByRole("link", { name: "Back to where you were" })).toHaveAttribute(
    "href",
    "/vault",
  );
  await addFunds(page, { amount: "10", card: APPROVED_CARD });
  await expect(page).toHaveURL((url) => url.pathname === "/vault");
  await expect(page.getByText("Funds added").first()).toBeVisible();
  await expect(balanceLink(page, "$10.00")).toBeVisible();

  // Anything but a same-site path is ignored.
  await gotoHydrated(page, "/wallet?redirectTo=https://evil.example/");
  await expect(page.getByRole("link", { name: "Back to where you were" })).toHaveCount(0);
});

describeInTokyo(() => {
  test("a history time is sent in UTC and shown in the browser's zone once hydrated", async ({
    page,
  }) => {
    await signUpVerified(page, { email: uniqueEmail("wallet-zone") });
    await gotoHydrated(page, "/wallet");
    await addFunds(page, { amount: "10", card: APPROVED_CARD });
    const time = page
      .getByRole("list", { name: "Wallet history" })
      .getByRole("listitem")
      .first()
      .locator("time");
    const at = await expectShownInTokyo(time);
    await expectServerWroteUtc(page, "/wallet", at);
    await gotoHydrated(page, "/wallet");
    await expect(time).toHaveText(formatInstant(at, { timeZone: "Asia/Tokyo" }));
  });
});

test("on a phone the balance figures stay inside their card", async ({ page }) => {
  await signUpVerified(page, { email: uniqueEmail("wallet-phone") });
  await gotoHydrated(page, "/wallet");
  await addFunds(page, { amount: "9999", card: APPROVED_CARD });
  // The top-up's answer first: navigating at once could leave before the charge is made.
  await expect(page.getByRole("region", { name: "Balance" })).toContainText("$9,999.00");
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/wallet");
  const card = page.getByRole("region", { name: "Balance" });
  await expect(card).toContainText("$9,999.00");
  const inner = (await card.boundingBox())!;
  // Three figures side by side ran past the card's right edge on a phone.
  for (const figure of await card.locator("dd").all()) {
    const box = (await figure.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(inner.x + inner.width - 16);
  }
  await expectNoSeriousA11yViolations(page);
});
