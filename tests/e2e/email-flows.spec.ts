import { type Page } from "@playwright/test";
import { expect, test as base } from "./helpers/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { followMailLink, openOutboxMessage, signUpThroughUi, uniqueEmail } from "./helpers/session";

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

// Uncaught errors and console errors fail a test (helpers/test); CSP violations are recorded
// for the tests that assert there are none.
const test = base.extend<{ recordCspViolations: void }>({
  recordCspViolations: [
    async ({ page }, use) => {
      await page.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use();
    },
    { auto: true },
  ],
});

/**
 * Edda Mailer signs up through /auth (signUpThroughUi) with an address of her own made from
 * `label` and `password`; ends signed in on / with the email unverified. Returns the address.
 */
async function signUpEdda(page: Page, label: string, password: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUpThroughUi(page, { email, fullName: "Edda Mailer", password });
  return email;
}

/**
 * Follows the newest verification link mailed to `email` (followMailLink) and waits for the
 * verified page: /auth/verified, its query dropped, 'Your email is verified'.
 */
async function verifyThroughOutbox(page: Page, email: string): Promise<void> {
  await followMailLink(page, email, "Verify your PackVault email");
  await expect(page).toHaveURL((url) => url.pathname === "/auth/verified" && url.search === "");
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
}

test("a new account is verified through the link in the outbox", async ({ page }) => {
  const email = await signUpEdda(page, "verify", "velvet harbor lantern 42");
  await followMailLink(page, email, "Verify your PackVault email");

  await expect(page).toHaveURL((url) => url.pathname === "/auth/verified" && url.search === "");
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse packs" })).toHaveAttribute("href", "/packs");
  await expect(page.getByRole("link", { name: "My account", exact: true })).toHaveAttribute(
    "href",
    "/account",
  );
  await expectNoSeriousA11yViolations(page);
});

test("the outbox shows the rendered mail in a frame that runs no script, and its button works", async ({
  page,
}) => {
  const email = await signUpEdda(page, "rendered", "harbor velvet lantern 24");
  const message = (await openOutboxMessage(page, email, "Verify your PackVault email")).first();
  await message.getByText("Rendered mail and text").click();
  const frame = message.frameLocator("iframe");
  await expect(
    frame.getByRole("paragraph").filter({ hasText: "Confirm your email address" }),
  ).toBeVisible();
  await expect(frame.getByRole("link", { name: "Verify my email" })).toBeVisible();
  const [framed] = page.frames().filter((f) => /\/dev\/outbox\/\d+\.html$/.test(f.url()));
  expect(framed, "the mail is framed from its own route").toBeTruthy();
  // The mail's document runs no script: the CSP of its route forbids every script.
  const response = await page.request.get(framed!.url());
  expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(response.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  await expectNoSeriousA11yViolations(page);

  // The mail's button opens a new window (the app's pages refuse to be framed), and verifies.
  const [opened] = await Promise.all([
    page.context().waitForEvent("page"),
    frame.getByRole("link", { name: "Verify my email" }).click(),
  ]);
  await expect(opened).toHaveURL((url) => url.pathname === "/auth/verified");
  await expect(opened.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
});

test("a signed-in collector asks for a new verification link, and it verifies", async ({
  page,
}) => {
  const email = await signUpEdda(page, "resend", "amber tundra falcon 61");

  await page.goto("/auth/verified");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(page.getByText("Verification email sent")).toBeVisible();
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(page.getByText("Please wait a minute")).toBeVisible();

  await verifyThroughOutbox(page, email);
});

test("a forgotten password is reset through the outbox, and the new one signs in", async ({
  page,
}) => {
  const email = await signUpEdda(page, "reset", "copper meadow whistle 17");

  await page.goto("/auth/forgot-password");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    /If an account exists for that email, we sent a link\./,
  );

  await followMailLink(page, email, "Reset your PackVault password");
  await expect(page).toHaveURL((url) => url.pathname === "/auth/reset-password");
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const newPassword = "saffron glacier compass 88";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await expect(page.getByText("Password changed")).toBeVisible();

  const signIn = page.getByRole("tabpanel", { name: "Sign In" });
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill(newPassword);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("button", { name: "Logout" }).first()).toBeAttached();

  // The link worked once.
  await followMailLink(page, email, "Reset your PackVault password");
  await expect(
    page.getByRole("heading", { name: "This reset link is invalid or has expired" }),
  ).toBeVisible();
});

for (const path of ["/", "/products", "/auth"]) {
  test(`${path} runs under the nonce CSP without violations`, async ({ page }) => {
    const response = await page.goto(path);
    const csp = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    // Hydration ran (React's handlers are attached) and the theme boot script ran.
    await page.waitForFunction(() =>
      Object.keys(document.getElementById("main") ?? {}).some((k) => k.startsWith("__reactFiber$")),
    );
    await expect(page.locator("html")).toHaveClass(/dark/);
    const inline = await page
      .locator("script:not([src])")
      .evaluateAll((scripts: HTMLScriptElement[]) =>
        scripts
          .filter((s) => !s.type || s.type === "module" || s.type === "text/javascript")
          .map((s) => s.nonce),
      );
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.every((n) => n === nonce)).toBe(true);
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  });
}
