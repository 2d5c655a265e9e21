import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

/** A password zxcvbn rates strong; every e2e account uses it unless a test needs another. */
export const STRONG_PASSWORD = "velvet harbor lantern 42";

/** The e2e shop's seeded admin (playwright.config.ts passes them to the server). */
export const E2E_ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? "admin@packvault.example",
  password: process.env.E2E_ADMIN_PASSWORD ?? "e2e admin lantern harbor 42",
};

/** An address no other test or run uses: `${label}-<8 hex>@example.com`. */
export const uniqueEmail = (label: string) =>
  `${label}-${randomBytes(4).toString("hex")}@example.com`;

/** Waits until React has hydrated the page (its listeners are attached). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** Navigates and waits for hydration; returns the navigation's response. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/**
 * Creates a collector through the Sign Up tab of /auth, as a person would; ends signed in on /
 * with an unverified email. Returns the email.
 */
export async function signUpThroughUi(
  page: Page,
  {
    email = uniqueEmail("e2e"),
    fullName = "Ada Collector",
    password = STRONG_PASSWORD,
  }: { email?: string; fullName?: string; password?: string } = {},
): Promise<string> {
  await gotoHydrated(page, "/auth?tab=signup");
  const form = page.getByRole("tabpanel", { name: "Sign Up" });
  await form.getByLabel("Full Name").fill(fullName);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Date of birth").fill("1990-05-17");
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
  // Sign-up opens no session (a taken address must not show): sign in next.
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  const signIn = page.getByRole("tabpanel", { name: "Sign In" });
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill(password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  return email;
}

/** The seeded admin (playwright.config.ts: ADMIN_EMAIL / ADMIN_PASSWORD), signed in on `page`. */
export async function signInAsAdmin(page: Page) {
  await gotoHydrated(page, "/auth");
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(E2E_ADMIN.email);
  await form.getByLabel("Password").fill(E2E_ADMIN.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
}

/** Follows the newest verification link mailed to `email` (listed at /dev/outbox). */
export async function verifyEmailThroughOutbox(page: Page, email: string): Promise<void> {
  await page.goto("/dev/outbox");
  await page
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ has: page.getByRole("heading", { name: "Verify your PackVault email" }) })
    .first()
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
}

/**
 * A new collector through /auth with the email verified through the outbox: what every
 * money-moving action (adding funds, opening packs, listing, buying) needs; ends signed in on /.
 * Returns the email.
 */
export async function signUpVerified(
  page: Page,
  options: Parameters<typeof signUpThroughUi>[1] = {},
): Promise<string> {
  const email = await signUpThroughUi(page, options);
  await verifyEmailThroughOutbox(page, email);
  await gotoHydrated(page, "/");
  return email;
}
