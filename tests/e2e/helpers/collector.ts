import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { watchPageErrors } from "./page-errors";
import { gotoHydrated, signUpVerified, uniqueEmail } from "./session";

export { watchPageErrors };

/** Seeded pack #1 (app/.server/setup/seed/packs-data.ts): the $25 Kanto Starter Pack, 500 left. */
export const STARTER_PACK = { id: 1, name: "Kanto Starter Pack", priceCents: 2_500 } as const;

/** A card as its slab's alt text names it: "Rattata, graded 9.0 by PSA, cert 48000013". */
export type PulledCard = { name: string; cert: string };

/** A collector of a test: their page, and the errors seen on it. */
export type Collector = { page: Page; problems: string[]; close: () => Promise<void> };

/**
 * A new collector in a browser context of their own (their own cookies), signed up through
 * /auth as a person would, with the email verified; ends signed in on /.
 */
export async function newCollector(
  browser: Browser,
  label: string,
  fullName: string,
): Promise<Collector> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchPageErrors(page);
  await signUpVerified(page, { email: uniqueEmail(label), fullName });
  return { page, problems, close: () => context.close() };
}

/**
 * A new collector (newCollector) with a fresh pull: `dollars` added (addFunds), then the starter
 * pack opened and its card kept (openPackAndKeep); ends on /vault. Returns the collector and the card.
 */
export async function newCollectorWithPull(
  browser: Browser,
  label: string,
  fullName: string,
  dollars: number,
): Promise<{ collector: Collector; card: PulledCard }> {
  const collector = await newCollector(browser, label, fullName);
  await addFunds(collector.page, dollars);
  const card = await openPackAndKeep(collector.page);
  return { collector, card };
}

/** Ends a test's collectors: none of their pages logged an error, then each closes. */
export async function finishCollectors(...collectors: Collector[]): Promise<void> {
  for (const { problems, close } of collectors) {
    expect(problems, problems.join("\n")).toEqual([]);
    await close();
  }
}

/** The balance the header shows, as text ("$42.00"). */
export async function headerBalance(page: Page): Promise<string> {
  const label = await page
    .getByRole("link", { name: /^Wallet balance / })
    .getAttribute("aria-label");
  return label!.replace("Wallet balance ", "");
}

/** Waits until the header shows `amount` ("$42.00") as the wallet balance. */
export async function expectBalance(page: Page, amount: string): Promise<void> {
  await expect(page.getByRole("link", { name: `Wallet balance ${amount}` })).toBeVisible();
}

/**
 * Fills the Add funds form of the /wallet page shown with `dollars` and the sandbox's test card
 * (4242 4242 4242 4242, 12/30, 123) and presses 'Add funds'; waits for no outcome. The amount
 * field is "Amount (USD)"; the quick-amount buttons' group is labelled "Quick amounts".
 */
export async function submitAddFunds(page: Page, dollars: number): Promise<void> {
  const form = page.getByRole("region", { name: "Add funds" });
  await form.getByRole("textbox", { name: /^Amount/ }).fill(String(dollars));
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: "Add funds", exact: true }).click();
}

/**
 * Adds `dollars` through the /wallet Add funds form (submitAddFunds) and waits for the
 * 'Funds added' outcome (the header's balance changes).
 */
export async function addFunds(page: Page, dollars: number): Promise<void> {
  await gotoHydrated(page, "/wallet");
  const before = await headerBalance(page);
  await submitAddFunds(page, dollars);
  await expect(page.getByRole("link", { name: `Wallet balance ${before}` })).toHaveCount(0);
}

/**
 * Answers the question asked before a pack is paid for ('Open {pack}?', an alert dialog: pack,
 * price, balance after) with its 'Open for $x' (docs/decisions/044-confirm-before-money-moves.md).
 */
export async function confirmPackOpening(page: Page): Promise<void> {
  await page
    .getByRole("alertdialog", { name: /^Open .+\?$/ })
    .getByRole("button", { name: /^Open for \$[\d,]+\.\d\d$/ })
    .click();
}

/**
 * Opens the starter pack from /pack/1 ('Open Pack Now', confirmed), waits for the reveal and keeps the
 * card in the vault ('Keep in vault', which goes to /vault). Returns the card, read from its
 * slab's alt text in the reveal.
 */
export async function openPackAndKeep(page: Page): Promise<PulledCard> {
  await gotoHydrated(page, `/pack/${STARTER_PACK.id}`);
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  await confirmPackOpening(page);
  await expect(page.getByText(/^You pulled an? \w+ card!$/).first()).toBeVisible({
    timeout: 15_000,
  });
  const slab = page
    .getByRole("dialog")
    .getByRole("img", { name: /, graded [\d.]+ by (?:PSA|BGS|CGC|SGC), cert \d+$/ });
  const card = parseSlabAlt((await slab.first().getAttribute("alt")) ?? "");
  await page.getByRole("button", { name: /^Keep in vault/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/vault");
  return card;
}

/** "Rattata, graded 9.0 by PSA, cert 48000013" -> { name: "Rattata", cert: "10000001" }. */
export function parseSlabAlt(alt: string): PulledCard {
  const match = /^(.*), graded [\d.]+ by (?:PSA|BGS|CGC|SGC), cert (\d+)$/.exec(alt);
  if (!match) throw new Error(`not a slab's alt text: ${alt}`);
  return { name: match[1]!, cert: match[2]! };
}

/** The certs of the vaulted cards on /vault (the Vaulted tab), read from their slabs. */
export async function vaultedCerts(page: Page): Promise<string[]> {
  await gotoHydrated(page, "/vault");
  const alts = await page
    .getByRole("list", { name: "Vaulted cards" })
    .getByRole("img", { name: /, cert \d+$/ })
    .evaluateAll((images) => images.map((image) => image.getAttribute("alt") ?? ""));
  return alts.map((alt) => parseSlabAlt(alt).cert);
}

/** The vault card (an article on /vault) whose slab shows `card`'s cert. */
export const vaultTile = (page: Page, card: PulledCard): Locator =>
  page
    .getByRole("article")
    .filter({ has: page.getByRole("img", { name: new RegExp(`, cert ${card.cert}$`) }) });
