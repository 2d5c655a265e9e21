import { type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import {
  gotoHydrated,
  signUpUnverified,
  signUpVerified as signUpCollector,
  uniqueEmail,
} from "./helpers/session";
import { expect, test } from "./helpers/test";
import { confirmPackOpening, STARTER_PACK } from "./helpers/collector";
import { requestShipment } from "./helpers/address";

// Signs up, verifies, adds funds, opens two packs (0.4 s + 1 s each under reduced motion), sells one and
// redeems the other: well over the default 30 s.
test.describe.configure({ timeout: 150_000 });

/** An expiry two years ahead, whatever year the test runs in. */
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`;

/** A new collector through /auth, with the email verified through the link in /dev/outbox. */
const signUpVerified = (page: Page) => signUpCollector(page, { email: uniqueEmail("vault") });

/** "$1,234.56" -> 123456. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);

/** The header's balance, in cents. */
async function headerBalance(page: Page): Promise<number> {
  const link = page.getByRole("banner").getByRole("link", { name: /^Wallet balance \$/ });
  return cents((await link.getAttribute("aria-label")) ?? "");
}

/** Opens the starter pack through its page's dialog and keeps the card in the vault. */
async function openStarterPackIntoVault(page: Page) {
  await gotoHydrated(page, `/pack/${STARTER_PACK.id}`);
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  await confirmPackOpening(page);
  const dialog = page.getByRole("dialog", { name: `Your pull from ${STARTER_PACK.name}` });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole("button", { name: /^Keep in vault/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/vault");
}

const tabPanel = (page: Page) => page.getByRole("tabpanel");
const cardsIn = (page: Page, list: "Vaulted cards" | "All cards") =>
  page.getByRole("list", { name: list }).getByRole("article");
const summary = (page: Page, term: string): Locator =>
  page
    .getByRole("region", { name: "Vault summary" })
    .locator("dt", { hasText: term })
    .locator("xpath=following-sibling::dd[1]");

test("a visitor sees 'Sign In Required' with a way to sign in and come back", async ({ page }) => {
  await gotoHydrated(page, "/vault");
  await expect(page).toHaveURL((url) => url.pathname === "/vault");
  await expect(page.getByRole("heading", { level: 1, name: "Sign In Required" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    "/auth?redirectTo=/vault",
  );
  await expectNoSeriousA11yViolations(page);
});

test("a new collector finds an empty vault and a way to the packs", async ({ page }) => {
  await signUpUnverified(page, { email: uniqueEmail("vault-empty") });
  await gotoHydrated(page, "/vault");
  await expect(page.getByRole("heading", { level: 1, name: "My Vault" })).toBeVisible();
  await expect(summary(page, "Total Value")).toHaveText("$0.00");
  await expect(summary(page, "Cards in Vault")).toHaveText("0");
  await expect(summary(page, "Active Offers")).toHaveText("0");
  await expect(page.getByRole("tab", { name: "Vaulted" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Your vault is empty" })).toBeVisible();
  await expect(page.getByText("Open some packs to start your collection!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse Packs" })).toHaveAttribute("href", "/packs");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("tab", { name: "Buyback Offers" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("tab") === "offers");
  await expect(tabPanel(page).getByRole("heading", { name: "No active offers" })).toBeVisible();
  await expect(tabPanel(page).getByText("Buyback offers expire after 24 hours")).toBeVisible();

  // The tab is in the URL: a reload or a shared link opens it.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Buyback Offers" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
});

test("a collector pulls cards, sells one back and redeems another", async ({ page }) => {
  await signUpVerified(page);

  // Funds first, from the wallet opened for the pack: it comes back to the pack.
  await gotoHydrated(page, `/wallet?redirectTo=/pack/${STARTER_PACK.id}`);
  const form = page.getByRole("region", { name: "Add funds" });
  await form.getByLabel("Amount (USD)").fill("100");
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry (MM/YY)").fill(EXPIRY);
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: "Add funds", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/pack/${STARTER_PACK.id}`);
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Wallet balance $100.00" }),
  ).toBeVisible();

  await openStarterPackIntoVault(page);
  await openStarterPackIntoVault(page);
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Wallet balance $50.00" }),
  ).toBeVisible();

  // Both cards are in the vault, each with its buyback offer.
  await expect(cardsIn(page, "Vaulted cards")).toHaveCount(2);
  for (const card of await cardsIn(page, "Vaulted cards").all()) {
    await expect(card.getByRole("button", { name: /^Sell Now \$[\d,]+\.\d{2}$/ })).toBeVisible();
    await expect(card.getByRole("link", { name: "List on Market" })).toHaveAttribute(
      "href",
      "/marketplace",
    );
    await expect(card.getByText(/^\d{1,2}\.\d$/)).toBeVisible();
  }
  await expect(summary(page, "Cards in Vault")).toHaveText("2");
  await expect(summary(page, "Active Offers")).toHaveText("2");
  await expectNoSeriousA11yViolations(page);

  // Accept one offer from the Offers tab, after confirming.
  await page.getByRole("tab", { name: "Buyback Offers" }).click();
  const offers = page.getByRole("list", { name: "Buyback offers" }).getByRole("article");
  await expect(offers).toHaveCount(2);
  const offer = offers.first();
  // The card's name links to its value page.
  await expect(offer.getByRole("heading").getByRole("link")).toHaveAttribute(
    "href",
    /^\/cards\/\d+$/,
  );
  await expect(offer).toContainText(/Estimated value \$[\d,]+\.\d{2}/);
  await expect(offer).toContainText(/Expires .+ \((23h \d+m|24h 0m) left\)/);
  const accept = offer.getByRole("button", { name: /^Accept \$/ });
  const amount = (await accept.textContent())!.replace("Accept ", "");
  const before = await headerBalance(page);
  await accept.click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(amount);
  await expect(confirm).toContainText("the card leaves your vault");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: `Sell for ${amount}` }).click();
  await expect(page.getByText(`Buyback accepted! You received ${amount}`).first()).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect.poll(() => headerBalance(page)).toBe(before + cents(amount));
  await expect(offers).toHaveCount(1);
  await expect(summary(page, "Cards in Vault")).toHaveText("1");

  // Redeem the other card through the dialog.
  await page.getByRole("tab", { name: "Vaulted" }).click();
  const remaining = cardsIn(page, "Vaulted cards");
  await expect(remaining).toHaveCount(1);
  await remaining.getByRole("button", { name: "Redeem" }).click();
  const dialog = page.getByRole("dialog", { name: "Redeem Physical Card" });
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Ada Collector");
  await expect(dialog.getByLabel("Country")).toHaveValue("USA");
  await expect(dialog.getByLabel("State")).toHaveAttribute("maxlength", "2");
  await expect(dialog.getByLabel("ZIP Code")).toHaveAttribute("maxlength", "10");
  // Every field is required: the errors show next to the fields and nothing is sent.
  await dialog.getByRole("button", { name: "Request Shipment" }).click();
  await expect(dialog.getByLabel("Street Address")).toHaveAccessibleDescription(
    "Street Address is required",
  );
  await expect(dialog.getByLabel("ZIP Code")).toHaveAccessibleDescription("ZIP Code is required");
  await expectNoSeriousA11yViolations(page);
  await requestShipment(page, {
    street: "12 Elm Street",
    city: "Springfield",
    state: "il",
    zip: "62701",
  });
  await expect(
    page
      .getByText("Redemption requested! Your card will be shipped within 5-7 business days.")
      .first(),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Your vault is empty" })).toBeVisible();

  // All Cards shows both, the sold one and the redeemed one, without actions.
  await page.getByRole("tab", { name: "All Cards" }).click();
  const all = cardsIn(page, "All cards");
  await expect(all).toHaveCount(2);
  await expect(all.filter({ hasText: "Redeemed" })).toHaveCount(1);
  await expect(all.filter({ hasText: "Sold" })).toHaveCount(1);
  await expect(all.getByRole("button")).toHaveCount(0);
  await expect(summary(page, "Total Value")).toHaveText("$0.00");
});
