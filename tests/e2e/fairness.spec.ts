import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { gotoHydrated, signUpVerified as signUpCollector, uniqueEmail } from "./helpers/session";
import { expect, test } from "./helpers/test";
import { describeInTokyo, expectServerWroteUtc, expectShownInTokyo } from "./helpers/time-zone";
import { confirmPackOpening, STARTER_PACK, submitAddFunds } from "./helpers/collector";

// Signs up, verifies, adds funds, opens a pack and verifies it: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

/** A new collector through /auth, with the email verified through the link in /dev/outbox. */
const signUpVerified = (page: Page) => signUpCollector(page, { email: uniqueEmail("fair") });

/** Adds $50 through the /wallet Add funds form with the sandbox's test card. */
async function addFifty(page: Page) {
  await gotoHydrated(page, "/wallet");
  await submitAddFunds(page, 50);
  // A new collector starts at $0.00: the balance reads $50.00 once the top-up went through.
  await expect(page.getByText("$50.00").first()).toBeVisible();
}

/** Opens the starter pack from its page and waits until the server answered with the pull. */
async function openStarterPack(page: Page) {
  await gotoHydrated(page, `/pack/${STARTER_PACK.id}`);
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname === `/pack/${STARTER_PACK.id}/open`,
  );
  await page.getByRole("button", { name: "Open Pack Now" }).click();
  await confirmPackOpening(page);
  expect((await answered).status()).toBe(200);
  await expect(page.getByText(/^You pulled an? \w+ card!$/).first()).toBeVisible({
    timeout: 10_000,
  });
}

/** The value shown next to a term of a description list (`<dt>` / `<dd>`). */
const described = (scope: Page | ReturnType<Page["locator"]>, term: string) =>
  scope
    .locator("dt", { hasText: new RegExp(`^${term.replace(/[()]/g, "\\$&")}$`) })
    .locator("xpath=following-sibling::dd[1]");

test("a visitor reads how draws work and is asked to sign in for their seeds", async ({ page }) => {
  await gotoHydrated(page, "/fairness");
  await expect(page).toHaveTitle("Provably Fair | PackVault");
  await expect(page.getByRole("heading", { level: 1, name: "Provably Fair" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How every pull is drawn" })).toBeVisible();
  await expect(page.getByText("HMAC-SHA256", { exact: false }).first()).toBeVisible();
  // The page leads with a verify box; the explanation comes after it, in sections.
  const sections = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
  expect(sections[0]).toBe("Verify a pack's draw log");
  expect(sections.at(-1)).toBe("How every pull is drawn");
  for (const title of [
    "The seeds and the nonce",
    "From the seeds to your card",
    "The odds you were promised",
    "Rotate, then check",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
  }
  await expect(page.getByLabel("Command line check")).toContainText(
    "printf '%s' 'clientseed:0' | openssl dgst -sha256 -hmac '<server seed>'",
  );
  // The seeds and openings are for signed-in users only.
  await expect(page.getByRole("heading", { name: "Your seed pair" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Rotate seed pair" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in to verify your openings" })).toHaveAttribute(
    "href",
    "/auth?redirectTo=/fairness",
  );
  await expectNoSeriousA11yViolations(page);

  // The footer links here from every page.
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Provably Fair" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/fairness");
});

test("a collector sees the hash before opening, rotates, and verifies the opening in the browser", async ({
  page,
}) => {
  await signUpVerified(page);
  await addFifty(page);

  // Before any opening: the commitment, a client seed, nonce 0 and no openings.
  await gotoHydrated(page, "/fairness");
  // Signed in, the page leads with the openings to verify.
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(
    "Your openings",
  );
  const seedPair = page.getByRole("region", { name: "Your seed pair" });
  const hashBefore = (await described(seedPair, "Server seed hash (SHA-256)").innerText()).trim();
  expect(hashBefore).toMatch(/^[0-9a-f]{64}$/);
  await expect(described(seedPair, "Next nonce")).toHaveText("0");
  await expect(
    page.getByText("No openings yet. Open a pack and you can verify it here."),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A bad client seed is refused next to the field; a good one is saved.
  const clientSeed = page.getByLabel("New client seed");
  await clientSeed.fill("not ok!");
  await page.getByRole("button", { name: "Change client seed" }).click();
  await expect(page.getByText("Use letters, digits, '-' or '_' only")).toBeVisible();
  await expect(clientSeed).toHaveAttribute("aria-invalid", "true");
  await clientSeed.fill("e2e-lucky-seed");
  await page.getByRole("button", { name: "Change client seed" }).click();
  await expect(page.getByText("Client seed updated").first()).toBeVisible();
  await expect(described(seedPair, "Client seed")).toHaveText("e2e-lucky-seed");

  // Open a pack: it is listed with the hash shown before, its server seed still hidden.
  await openStarterPack(page);
  await gotoHydrated(page, "/fairness");
  const openings = page.getByRole("list", { name: "Your openings" });
  const opening = openings.getByRole("listitem").filter({ hasText: STARTER_PACK.name }).first();
  await expect(opening).toBeVisible();
  // The pulled card's name links to its value page.
  await expect(opening.locator('a[href^="/cards/"]')).toHaveAttribute("href", /^\/cards\/\d+$/);
  await expect(described(opening, "Server seed hash")).toHaveText(hashBefore);
  await expect(described(opening, "Client seed")).toHaveText("e2e-lucky-seed");
  await expect(described(opening, "Nonce")).toHaveText("0");
  await expect(described(opening, "Server seed")).toHaveText("Hidden until you rotate");
  await expect(opening.getByRole("button", { name: "Verify" })).toHaveCount(0);
  await expect(described(seedPair, "Next nonce")).toHaveText("1");

  // Rotate, confirmed in a dialog: the old server seed is revealed, a new hash is shown.
  await seedPair.getByRole("button", { name: "Rotate seed pair" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Rotate your seed pair?" });
  await confirm.getByRole("button", { name: "Rotate seed pair" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Seed pair rotated").first()).toBeVisible();
  await expect(
    page.getByText(/^Your previous server seed was revealed: [0-9a-f]{64}$/),
  ).toBeVisible();
  await expect(described(seedPair, "Next nonce")).toHaveText("0");
  await expect(described(seedPair, "Server seed hash (SHA-256)")).not.toHaveText(hashBefore);

  const revealed = (await described(opening, "Server seed").innerText()).trim();
  expect(revealed).toMatch(/^[0-9a-f]{64}$/);
  // The seed revealed after is the one whose hash was shown before.
  expect(createHash("sha256").update(revealed).digest("hex")).toBe(hashBefore);

  // Verify in the browser: hash, rolls and card recomputed, and the verdict announced.
  await opening.getByRole("button", { name: "Verify" }).click();
  const verdict = opening.getByRole("status");
  await expect(verdict).toContainText("Match");
  await expect(verdict.getByText("Match", { exact: true })).toBeVisible();
  await expect(opening.getByText("Matches the hash shown before opening")).toBeVisible();
  await expect(opening.getByRole("table")).toBeVisible();
  await expect(opening.getByText("Mismatch")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("a collector rotates, downloads the pack's draw log and verifies it in the browser", async ({
  page,
}, testInfo) => {
  await signUpVerified(page);
  await addFifty(page);
  await openStarterPack(page);

  // The pack page shows the odds commitment and links to the odds page.
  const commitment = (
    await page
      .getByText(/^Odds commitment \(SHA-256/)
      .locator("span.font-mono")
      .innerText()
  ).trim();
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);

  // Rotate, so this collector's opening can be recomputed from the public log.
  await gotoHydrated(page, "/fairness");
  await page
    .getByRole("region", { name: "Your seed pair" })
    .getByRole("button", { name: "Rotate seed pair" })
    .click();
  await page
    .getByRole("alertdialog", { name: "Rotate your seed pair?" })
    .getByRole("button", { name: "Rotate seed pair" })
    .click();
  const toast = page.getByText(/^Your previous server seed was revealed: [0-9a-f]{64}$/);
  const revealed = (await toast.innerText()).split(": ")[1]!.trim();

  await gotoHydrated(page, `/pack/${STARTER_PACK.id}`);
  await page.getByRole("link", { name: "Stated vs realized odds and the draw log" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `${STARTER_PACK.name}: stated and realized odds` }),
  ).toBeVisible();
  await expect(described(page.locator("main"), "Odds commitment (SHA-256)")).toHaveText(commitment);
  await expect(page.getByRole("heading", { name: "Current odds" })).toBeVisible();
  await expect(page.getByText(/^Chi-square .* degrees of freedom, p = /)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Realized return to player" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Download the JSON draw log: this opening is in it with its revealed seed.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Draw log (JSON)" }).click();
  const logPath = testInfo.outputPath("draws.json");
  await (await downloading).saveAs(logPath);
  const log = JSON.parse(readFileSync(logPath, "utf8")) as {
    openings: { server_seed: string | null; rarity: string; odds_commitment: string }[];
  };
  const mine = log.openings.find((o) => o.server_seed === revealed);
  expect(mine?.odds_commitment).toBe(commitment);

  // The page's own button verifies the live log.
  const logRegion = page.getByRole("region", { name: "Odds commitment and draw log" });
  await logRegion.getByRole("button", { name: "Verify the draw log in your browser" }).click();
  await expect(logRegion.getByRole("status")).toContainText("every revealed pull matches");

  // /fairness verifies the downloaded copy; a copy with one rarity changed is caught.
  await gotoHydrated(page, "/fairness");
  const section = page.getByRole("region", { name: "Verify a pack's draw log" });
  // Every active pack's commitment in force is listed there too.
  await expect(
    section
      .getByRole("table", { name: "Odds commitments in force" })
      .getByRole("row", { name: new RegExp(STARTER_PACK.name) }),
  ).toContainText(commitment);
  await section.getByLabel("Draw log (JSON)").setInputFiles(logPath);
  await section.getByRole("button", { name: "Verify draw log" }).click();
  await expect(section.getByRole("status")).toContainText(
    `${STARTER_PACK.name}: every revealed pull matches`,
  );
  await expect(described(section, "Mismatch")).toHaveText("0");

  const tamperedPath = testInfo.outputPath("tampered.json");
  mine!.rarity = mine!.rarity === "legendary" ? "common" : "legendary";
  writeFileSync(tamperedPath, JSON.stringify(log));
  await section.getByLabel("Draw log (JSON)").setInputFiles(tamperedPath);
  await section.getByRole("button", { name: "Verify draw log" }).click();
  await expect(section.getByRole("status")).toContainText("1 opening does not match");
  await expect(section.getByRole("list", { name: "Openings that do not match" })).toContainText(
    "the stored rarity differs from the recomputed one",
  );
  await expectNoSeriousA11yViolations(page);
});

describeInTokyo(() => {
  test("an opening's time is sent in UTC and shown in the browser's zone once hydrated", async ({
    page,
  }) => {
    await signUpVerified(page);
    await addFifty(page);
    await openStarterPack(page);
    await gotoHydrated(page, "/fairness");
    const time = page
      .getByRole("list", { name: "Your openings" })
      .getByRole("listitem")
      .filter({ hasText: STARTER_PACK.name })
      .first()
      .locator("time");
    const at = await expectShownInTokyo(time);
    await expectServerWroteUtc(page, "/fairness", at);
  });
});
