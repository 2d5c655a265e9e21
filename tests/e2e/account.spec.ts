import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./helpers/test";
import * as OTPAuth from "otpauth";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import {
  STRONG_PASSWORD,
  expectVisitorSentToAuth,
  gotoHydrated,
  signInThroughUi,
  signUpUnverified,
  uniqueEmail,
} from "./helpers/session";

// Each test signs up through /auth and walks several forms (axe included): more than the
// default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const PASSWORD = STRONG_PASSWORD;

/** Waits until React has hydrated the page, so clicks reach React's handlers. */
/** A new collector (unverified email); ends signed in on /. */
function signUp(page: Page, email = uniqueEmail("account")) {
  return signUpUnverified(page, { email });
}

/** The same account signed in from another browser. */
async function otherDevice(browser: Browser, email: string, password = PASSWORD) {
  const page = await (await browser.newContext()).newPage();
  await signInThroughUi(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  return page;
}

/**
 * A new collector (signUp) signed in on `page` and on another device (otherDevice), `page` on the
 * Settings tab of /account; returns the email and the other device's page.
 */
async function signedInOnTwoDevices(page: Page, browser: Browser) {
  const email = await signUp(page);
  const other = await otherDevice(browser, email);
  await openSettings(page);
  return { email, other };
}

const section = (page: Page, name: string) => page.getByRole("region", { name });

async function openSettings(page: Page) {
  await gotoHydrated(page, "/account?tab=settings");
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
}

test("a visitor is sent from /account to /auth", async ({ page }) => {
  await expectVisitorSentToAuth(page, "/account?tab=settings");
});

test("profile and address are saved and survive a reload; the tab lives in the URL", async ({
  page,
}) => {
  const email = await signUp(page);
  await gotoHydrated(page, "/account");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByText("Verify your email to check out")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Full Name").fill("Ada L. Collector");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();

  const address = section(page, "Shipping address");
  await address.getByLabel("Street address").fill("12 Harbor Rd");
  await address.getByLabel("City").fill("Mystic");
  await address.getByLabel("State").fill("ZZ");
  await address.getByLabel("ZIP code").fill("6355");
  await address.getByRole("button", { name: "Update Address" }).click();
  await expect(address.getByLabel("State")).toBeFocused();
  await expect(address.getByLabel("State")).toHaveAttribute("aria-invalid", "true");
  await expect(address.getByText("Enter a 2-letter US state code, like NY")).toBeVisible();
  await expect(address.getByText("Enter a 5-digit ZIP code or ZIP+4")).toBeVisible();

  await address.getByLabel("State").fill("ct");
  await address.getByLabel("ZIP code").fill("06355-1234");
  await address.getByRole("button", { name: "Update Address" }).click();
  await expect(page.getByText("Address updated")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Full Name")).toHaveValue("Ada L. Collector");
  await expect(address.getByLabel("Street address")).toHaveValue("12 Harbor Rd");
  await expect(address.getByLabel("State")).toHaveValue("CT");
  await expect(address.getByLabel("ZIP code")).toHaveValue("06355-1234");

  await page.getByRole("tab", { name: "Orders" }).click();
  await expect(page).toHaveURL(/\/account\?tab=orders$/);
  await expect(page.getByText("No orders yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the shop" })).toHaveAttribute(
    "href",
    "/products",
  );
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Orders" })).toHaveAttribute("aria-selected", "true");
});

test("email preferences start with the spec's defaults and are saved", async ({ page }) => {
  await signUp(page);
  await openSettings(page);
  await expectNoSeriousA11yViolations(page);
  const preferences = section(page, "Email preferences");
  const newArrivals = preferences.getByLabel("New arrivals and promotions");
  const orderUpdates = preferences.getByLabel("Order updates");
  const events = preferences.getByLabel("Event notifications");
  await expect(newArrivals).toBeChecked();
  await expect(orderUpdates).toBeChecked();
  await expect(events).not.toBeChecked();

  await newArrivals.uncheck();
  await events.check();
  await preferences.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Email preferences saved")).toBeVisible();
  await page.reload();
  await expect(newArrivals).not.toBeChecked();
  await expect(orderUpdates).toBeChecked();
  await expect(events).toBeChecked();
});

test("a password change refuses a weak password and signs the other devices out", async ({
  page,
  browser,
}) => {
  const { email, other: phone } = await signedInOnTwoDevices(page, browser);
  const form = section(page, "Change Password");
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password", { exact: true }).fill("password1");
  await form.getByLabel("Confirm new password").fill("password1");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("This is a commonly used password.")).toBeVisible();
  await expect(form.getByLabel("New password", { exact: true })).toBeFocused();

  const newPassword = "copper meadow whistle 17";
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm new password").fill(newPassword);
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(section(page, "Active sessions").getByRole("listitem")).toHaveCount(1);

  await phone.goto("/account");
  await expect(phone).toHaveURL((url) => url.pathname === "/auth");
  await otherDevice(browser, email, newPassword);
});

test("two-factor is on only after a code from the app, asked at sign-in, and turned off", async ({
  page,
}) => {
  const email = await signUp(page);
  await openSettings(page);
  const twoFactor = section(page, "Two-factor authentication");
  await expect(twoFactor.getByText("Off", { exact: true })).toBeVisible();
  await twoFactor.getByLabel("Password").fill(PASSWORD);
  await twoFactor.getByRole("button", { name: "Set Up Two-Factor" }).click();

  await expect(twoFactor.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expect(
    twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  const secret = (await twoFactor.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  await expectNoSeriousA11yViolations(page);

  await twoFactor.getByLabel("6-digit code").fill(app.generate());
  await twoFactor.getByRole("button", { name: "Verify and Turn On" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
  await expect(twoFactor.getByText("On", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await signInThroughUi(page, email);
  await page.getByLabel("Authentication code").fill(app.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  await openSettings(page);
  await twoFactor.getByLabel("Password").fill(PASSWORD);
  await twoFactor.getByLabel("6-digit code").fill(app.generate());
  await twoFactor.getByRole("button", { name: "Turn Off Two-Factor" }).click();
  await expect(page.getByText("Two-factor authentication is off")).toBeVisible();
  await expect(twoFactor.getByText("Off", { exact: true })).toBeVisible();
});

test("the session list marks this device and signs out others, then everywhere", async ({
  page,
  browser,
}) => {
  const { other: laptop } = await signedInOnTwoDevices(page, browser);
  const sessions = section(page, "Active sessions");
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByText("This device")).toHaveCount(1);

  await sessions.getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(page.getByText("Other sessions signed out")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await laptop.goto("/account");
  await expect(laptop).toHaveURL((url) => url.pathname === "/auth");

  await sessions.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await page.goto("/account");
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
});

test("deleting the account asks for the email, then signs out for good", async ({ page }) => {
  const email = await signUp(page);
  await openSettings(page);
  await section(page, "Danger Zone").getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog.getByText("This cannot be undone.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel(`Type ${email} to confirm`).fill("someone-else@example.com");
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(dialog.getByText("That is not your account's email.")).toBeVisible();

  await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
  await dialog.getByRole("button", { name: "Delete Account" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByText("Your account has been deleted")).toBeVisible();

  await signInThroughUi(page, email);
  await expect(page.getByText("Error signing in")).toBeVisible();
});
