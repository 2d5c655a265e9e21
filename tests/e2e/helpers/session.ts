import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** A password zxcvbn rates strong; every e2e account uses it unless a test needs another. */
export const STRONG_PASSWORD = "velvet harbor lantern 42";

/** The e2e shop's seeded admin (playwright.config.ts passes them to the server). */
export const E2E_ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? "admin@packvault.example",
  password: process.env.E2E_ADMIN_PASSWORD ?? "e2e admin lantern harbor 42",
};

/** The server's origin (playwright.config.ts fixes E2E_PORT in the main process; workers inherit it). */
const E2E_ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? "3199"}`;

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
 * A visitor (no session) asking for `path` is sent to /auth, with `path` as its redirectTo (the
 * page to come back to after signing in).
 */
export async function expectVisitorSentToAuth(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(
    (url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === path,
  );
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

/**
 * Signs in through the Sign In tab of /auth, as a person would, and presses 'Sign In'; waits for
 * no outcome (the caller checks where it lands, or the refusal).
 */
export async function signInThroughUi(
  page: Page,
  email: string,
  password = STRONG_PASSWORD,
): Promise<void> {
  await gotoHydrated(page, "/auth");
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/**
 * The seeded admin (playwright.config.ts: ADMIN_EMAIL / ADMIN_PASSWORD), signed in on `page`'s
 * browser context by posting the Sign In form over HTTP (no page is rendered; the session cookie
 * lands in the context), then on / hydrated.
 */
export async function signInAsAdmin(page: Page) {
  await postSignIn(page.request, E2E_ADMIN);
  await gotoHydrated(page, "/");
}

/** Account details for the HTTP fast path; the defaults are signUpThroughUi's. */
type NewAccount = { email?: string; fullName?: string; password?: string };

/**
 * Posts /auth's own forms over HTTP with `request` (a browser context's `page.request`, so the
 * cookies are the context's): Sign Up, then Sign In. Nothing is rendered; the form actions run
 * exactly as the browser's posts would (the Origin header is the page's own). The account ends
 * signed in with an unverified email. Returns the email.
 */
export async function signUpOverHttp(
  request: APIRequestContext,
  {
    email = uniqueEmail("e2e"),
    fullName = "Ada Collector",
    password = STRONG_PASSWORD,
  }: NewAccount = {},
): Promise<string> {
  await postAuthForm(request, "/auth?tab=signup", {
    intent: "sign-up",
    fullName,
    email,
    dateOfBirth: "1990-05-17",
    password,
  });
  await postSignIn(request, { email, password });
  return email;
}

/**
 * A new collector with an unverified email, made over HTTP (signUpOverHttp); ends signed in on /
 * hydrated. Returns the email.
 */
export async function signUpUnverified(page: Page, options: NewAccount = {}): Promise<string> {
  const email = await signUpOverHttp(page.request, options);
  await gotoHydrated(page, "/");
  return email;
}

/** Posts the Sign In form over HTTP; fails unless it redirects (signed in). */
async function postSignIn(
  request: APIRequestContext,
  { email, password }: { email: string; password: string },
): Promise<void> {
  await postAuthForm(request, "/auth", { intent: "sign-in", email, password });
}

/** Posts one /auth form as a browser without JavaScript would; expects the action's redirect. */
async function postAuthForm(
  request: APIRequestContext,
  url: string,
  form: Record<string, string>,
): Promise<void> {
  const response = await request.post(url, {
    form,
    headers: { Origin: E2E_ORIGIN },
    maxRedirects: 0,
  });
  expect(response.status(), `${form.intent} answered ${response.status()}`).toBe(302);
}

/**
 * How long a test waits for a mail to reach /dev/outbox. The job queue sends it; each load of the
 * page waits up to 3 s for queued mail, which a busy CI machine can exceed.
 */
const OUTBOX_TIMEOUT_MS = 30_000;

/**
 * Follows the newest verification link mailed to `email` over HTTP: reads /dev/outbox's page
 * (which waits for queued mail) and requests the link with `request`'s cookies.
 */
async function verifyEmailOverHttp(request: APIRequestContext, email: string): Promise<void> {
  const readLink = async () =>
    verificationLink(await (await request.get("/dev/outbox")).text(), email);
  await expect
    .poll(readLink, {
      message: `no verification mail to ${email} in /dev/outbox`,
      timeout: OUTBOX_TIMEOUT_MS,
    })
    .not.toBeNull();
  const response = await request.get((await readLink())!);
  expect(response.ok(), `the verification link answered ${response.status()}`).toBe(true);
  expect(await response.text()).toContain("Your email is verified");
}

/** The first link of the newest "Verify your PackVault email" message to `email` in /dev/outbox's HTML. */
export function verificationLink(outboxHtml: string, email: string): string | null {
  for (const article of outboxHtml.split("<article").slice(1)) {
    if (!article.includes("Verify your PackVault email") || !article.includes(`>${email}<`)) {
      continue;
    }
    const href = /<a href="([^"]+)"/.exec(article)?.[1];
    if (href) return href.replaceAll("&amp;", "&");
  }
  return null;
}

/**
 * Opens /dev/outbox, reloading until a message to `to` whose heading is `subject` is listed.
 * @returns the list items of such messages, newest first.
 */
export async function openOutboxMessage(page: Page, to: string, subject: string): Promise<Locator> {
  const messages = page
    .getByRole("listitem")
    .filter({ hasText: to })
    .filter({ has: page.getByRole("heading", { name: subject }) });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(messages.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: OUTBOX_TIMEOUT_MS });
  return messages;
}

/** Opens /dev/outbox and follows the first link of the newest message to `to` with `subject`. */
export async function followMailLink(page: Page, to: string, subject: string): Promise<void> {
  const messages = await openOutboxMessage(page, to, subject);
  await messages.first().getByRole("link").first().click();
}

/**
 * A new collector with the email verified, what every money-moving action (adding funds,
 * opening packs, listing, buying) needs; ends signed in on / hydrated. The account is made over
 * HTTP through /auth's own forms and the mailed link (signUpOverHttp): tests whose subject is
 * signing up use signUpThroughUi. Returns the email.
 */
export async function signUpVerified(page: Page, options: NewAccount = {}): Promise<string> {
  const email = await signUpOverHttp(page.request, options);
  await verifyEmailOverHttp(page.request, email);
  await gotoHydrated(page, "/");
  return email;
}
