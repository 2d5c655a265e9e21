import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./helpers/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { gotoHydrated, openOutboxMessage } from "./helpers/session";

const PASSWORD = "velvet lantern orbit 42";
const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;

/** Waits until React has hydrated the page, so clicks reach React's handlers. */
const signInPanel = (page: Page) => page.getByRole("tabpanel", { name: "Sign In" });
const signUpPanel = (page: Page) => page.getByRole("tabpanel", { name: "Sign Up" });

async function fillSignUp(
  page: Page,
  email: string,
  password = PASSWORD,
  dateOfBirth = "1990-05-17",
) {
  const form = signUpPanel(page);
  await form.getByLabel("Full Name").fill("Casey Collector");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Date of birth").fill(dateOfBirth);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
}

async function fillSignIn(page: Page, email: string, password = PASSWORD) {
  const form = signInPanel(page);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/**
 * A new collector through the Sign Up tab, from `url`: sign-up opens no session (a taken address
 * must not show), so the Sign In tab follows with the toast; ends signed in.
 */
async function signUp(page: Page, url = "/auth?tab=signup") {
  const email = uniqueEmail("auth");
  await gotoHydrated(page, url);
  await fillSignUp(page, email);
  await expect(
    page.getByText("Account created! Please check your email to verify your account."),
  ).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  await fillSignIn(page, email);
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  return email;
}

test("/auth greets the visitor with the Sign In and Sign Up tabs", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to PackVault");
  await expect(page.getByText("Sign in to access your collection")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  await expect(signInPanel(page).getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(signInPanel(page).getByLabel("Email")).toHaveAttribute("required");
  await expect(signInPanel(page).getByLabel("Password")).toHaveAttribute("required");
  await expect(signInPanel(page).getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/auth/forgot-password",
  );
  await expectNoSeriousA11yViolations(page);
});

test("the Sign Up tab asks for full name, email and a 6-character password", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  for (const label of ["Full Name", "Email", "Password"]) {
    await expect(signUpPanel(page).getByLabel(label)).toHaveAttribute("required");
  }
  await expect(signUpPanel(page).getByLabel("Password")).toHaveAttribute("minlength", "6");
  await expectNoSeriousA11yViolations(page);
});

test("the header's Sign up link opens the Sign Up tab", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("banner").getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await expect(signUpPanel(page).getByLabel("Full Name")).toBeVisible();
});

test("a new collector signs up, signs out and signs back in", async ({ page }) => {
  const email = await signUp(page);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  // A first sign-in is a welcome, not a 'Welcome back!'; every page asks to verify the email.
  await expect(
    page.getByText("Welcome to PackVault! You've successfully signed in."),
  ).toBeVisible();
  await expect(page.getByText("Welcome back!")).toHaveCount(0);
  const verify = page.getByRole("note", { name: "Please verify your address" });
  await expect(verify).toContainText(`We sent a link to ${email}.`);
  await expect(verify.getByRole("button", { name: "Resend verification email" })).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Account", exact: true })).toBeVisible();

  await header.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();

  await fillSignIn(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByText("Welcome back! You've successfully signed in.")).toBeVisible();
});

test("signing up with a taken address answers like a new one and mails its owner", async ({
  page,
}) => {
  const email = await signUp(page);
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  // Signed out first: a navigation racing the logout carries the session, and /auth sends a
  // signed-in collector home.
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await gotoHydrated(page, "/auth?tab=signup");
  await fillSignUp(page, email, "another strong passphrase 42");
  await expect(
    page.getByText("Account created! Please check your email to verify your account."),
  ).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await fillSignIn(page, email, "another strong passphrase 42");
  await expect(signInPanel(page).getByRole("alert")).toHaveText("Invalid email or password");
  await expect(
    await openOutboxMessage(page, email, "Someone tried to sign up with your email"),
  ).toHaveCount(1);
});

test("a wrong password gets 'Error signing in' and stays on /auth", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await fillSignIn(page, uniqueEmail("nobody"), "not the password");
  await expect(page.getByText("Error signing in")).toBeVisible();
  await expect(signInPanel(page).getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
});

test("a weak password is refused with its reasons under the field", async ({ page }) => {
  await gotoHydrated(page, "/auth?tab=signup");
  await fillSignUp(page, uniqueEmail("weak"), "password1");
  await expect(page.getByText("Error creating account")).toBeVisible();
  const password = signUpPanel(page).getByLabel("Password");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toBeFocused();
  const reasons = signUpPanel(page).getByRole("listitem");
  await expect(reasons).toHaveText([
    "This is a commonly used password.",
    "Add more words that are less common.",
  ]);
});

test("sign-up refuses anyone under 18 at the date of birth, creating nothing", async ({ page }) => {
  await gotoHydrated(page, "/auth?tab=signup");
  const today = new Date();
  const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
  await fillSignUp(page, uniqueEmail("young"), PASSWORD, seventeen);
  const dateOfBirth = signUpPanel(page).getByLabel("Date of birth");
  await expect(dateOfBirth).toHaveAccessibleDescription(/You must be 18 or older to use PackVault/);
  await expect(page).toHaveURL(/\/auth/);
});

test("errors show next to their fields before anything is sent, the first one focused", async ({
  page,
}) => {
  await gotoHydrated(page, "/auth?tab=signup");
  await signUpPanel(page).getByLabel("Password").fill("abc");
  await signUpPanel(page).getByRole("button", { name: "Create Account" }).click();
  const fullName = signUpPanel(page).getByLabel("Full Name");
  await expect(fullName).toBeFocused();
  await expect(fullName).toHaveAccessibleDescription("Please enter your full name");
  await expect(signUpPanel(page).getByText("Password must be at least 6 characters")).toBeVisible();
});

test("signed in, /auth goes on to / or to a redirectTo on this site, never elsewhere", async ({
  page,
}) => {
  await signUp(page, "/auth?tab=signup&redirectTo=%2Fproducts%3Fsort%3Dprice-asc");
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);

  await page.goto("/auth");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await page.goto("/auth?redirectTo=%2Fevents");
  await expect(page).toHaveURL((url) => url.pathname === "/events");
  for (const outside of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
    await page.goto(`/auth?redirectTo=${encodeURIComponent(outside)}`);
    await expect(page).toHaveURL((url) => url.host !== "evil.example" && url.pathname === "/");
  }
});
