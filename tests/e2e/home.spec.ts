import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { gotoHydrated } from "./helpers/session";

// The carousels' motion is part of what this spec checks: motion as most visitors have it
// (tests that need reduced motion ask for it).
test.use({ reducedMotion: "no-preference" });

const HERO_NAMES = ["Charizard", "Blastoise", "Pikachu", "Onix", "Snorlax", "Charmeleon"];

const carousel = (page: Page) => page.getByRole("region", { name: "Featured graded cards" });
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]');
const announcer = (page: Page) => carousel(page).locator("[aria-live]");

/** The scale factor of an element's computed transform (1 when it has none). */
async function scaleOf(element: Locator): Promise<number> {
  return element.evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
}

/** The carousel's step (app/routes/+home/hero-carousel.tsx). */
const ADVANCE_MS = 3_000;

/**
 * Opens / with Playwright's clock installed and, once hydrated, paused: from then on the page's
 * time moves only by `page.clock.runFor`, so a step happens when the test says, however slow the
 * machine. Pausing jumps the clock an hour ahead, which fires a step already due at most once.
 * Returns the active index after the pause.
 */
async function openWithPausedClock(page: Page): Promise<number> {
  const start = new Date("2026-11-01T12:00:00Z");
  await page.clock.install({ time: start });
  await gotoHydrated(page, "/");
  // The carousel hydrates after the page (a deferred part): wait for React on its own element.
  await page.waitForFunction(() => {
    const element = document.querySelector('[aria-roledescription="carousel"]');
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  });
  await page.clock.pauseAt(new Date(start.getTime() + 3_600_000));
  return Number(await carousel(page).getAttribute("data-active-index"));
}

test.describe("hero carousel", () => {
  test("shows the six graded slabs, three at a time, and hydrates without errors", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // Reduced motion holds the first frame still while it is inspected.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(carousel(page)).toHaveAttribute("data-active-index", "0");
    await expect(slides(page)).toHaveCount(6);
    for (const [index, name] of HERO_NAMES.entries()) {
      const slide = slides(page).nth(index);
      await expect(slide).toHaveAttribute("aria-label", `${index + 1} of 6`);
      await expect(slide.locator("img")).toHaveAttribute(
        "alt",
        new RegExp(`^${name}, graded \\d+\\.\\d by (?:PSA|BGS|CGC|SGC), cert \\d{6,10}$`),
      );
    }
    await expect(slides(page).nth(0)).toHaveAttribute("data-active", "true");
    const visible = carousel(page).locator(
      '[aria-roledescription="slide"]:not([data-position="hidden"])',
    );
    await expect(visible).toHaveCount(3);
    // The visible slabs' SVGs really load.
    for (const img of await visible.locator("img").all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(300);
    }
    // Hydrated once the client knows the motion preference; no mismatch was reported.
    await expect(page.getByRole("button", { name: "Start automatic rotation" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("draws the side cards at scale 0.75 and opacity 0.4, the centre card at full size", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const sides = carousel(page).locator('[data-position="side"]');
    await expect(sides).toHaveCount(2);
    for (const side of await sides.all()) {
      await expect.poll(() => scaleOf(side)).toBeCloseTo(0.75, 5);
      await expect(side).toHaveCSS("opacity", "0.4");
      await expect(side).toBeVisible();
    }
    const centre = carousel(page).locator('[data-active="true"]');
    await expect.poll(() => scaleOf(centre)).toBe(1);
    await expect(centre).toHaveCSS("opacity", "1");
  });

  test("advances on its own every 3 s and wraps from the sixth card to the first", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(carousel(page)).toHaveAttribute("aria-label", "Featured graded cards");
    await expect(announcer(page)).toHaveAttribute("aria-live", "off");
    await expect(announcer(page)).toHaveText("Slide 1 of 6: Charizard");

    const index = await openWithPausedClock(page);
    await page.clock.runFor(ADVANCE_MS - 100);
    await expect(carousel(page)).toHaveAttribute("data-active-index", String(index));
    await page.clock.runFor(100);
    await expect(carousel(page)).toHaveAttribute("data-active-index", String(index + 1));
    await expect(slides(page).nth(index + 1)).toHaveAttribute("data-active", "true");

    await page.getByRole("button", { name: "Show Charmeleon, slide 6 of 6" }).click();
    await expect(carousel(page)).toHaveAttribute("data-active-index", "5");
    // Focus and pointer leave the carousel so that it rotates again.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await expect(carousel(page)).toHaveAttribute("data-rotating", "true");
    await page.clock.runFor(ADVANCE_MS);
    await expect(carousel(page)).toHaveAttribute("data-active-index", "0");
  });

  test("previous and next step through the cards and wrap", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    // Hydrated once the client knows the motion preference.
    await expect(page.getByRole("button", { name: "Start automatic rotation" })).toBeVisible();
    await page.getByRole("button", { name: "Next card" }).click();
    await expect(carousel(page)).toHaveAttribute("data-active-index", "1");
    await page.getByRole("button", { name: "Previous card" }).click();
    await page.getByRole("button", { name: "Previous card" }).click();
    await expect(carousel(page)).toHaveAttribute("data-active-index", "5");
    await expect(announcer(page)).toHaveAttribute("aria-live", "polite");
    await expect(announcer(page)).toHaveText("Slide 6 of 6: Charmeleon");
  });

  test("pauses while the pointer is over it", async ({ page }) => {
    await openWithPausedClock(page);
    await carousel(page).locator('[data-active="true"] img').hover();
    await expect(carousel(page)).toHaveAttribute("data-rotating", "false");
    const index = await carousel(page).getAttribute("data-active-index");
    await page.clock.runFor(ADVANCE_MS + 1_000);
    await expect(carousel(page)).toHaveAttribute("data-active-index", index!);

    await page.mouse.move(0, 0);
    await expect(carousel(page)).toHaveAttribute("data-rotating", "true");
    await page.clock.runFor(ADVANCE_MS);
    await expect(carousel(page)).not.toHaveAttribute("data-active-index", index!);
  });

  test("does not advance under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openWithPausedClock(page);
    await expect(page.getByRole("button", { name: "Start automatic rotation" })).toBeVisible();
    await expect(announcer(page)).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(ADVANCE_MS + 1_000);
    await expect(carousel(page)).toHaveAttribute("data-active-index", "0");
  });

  test("'Grab a pack' on the centre card goes to /packs", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const grab = page.getByRole("link", { name: "Grab a pack" });
    await expect(grab).toHaveCount(1);
    await expect(carousel(page).locator('[data-active="true"]').getByRole("link")).toHaveText(
      "Grab a pack",
    );
    await grab.click();
    await expect(page).toHaveURL("/packs");
  });
});

test("the six category tiles link to /packs", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Explore categories" });
  for (const name of ["Pokemon", "MTG", "Sports", "Star Wars", "Comics", "Basketball"]) {
    await expect(section.getByRole("link", { name, exact: true })).toHaveAttribute(
      "href",
      "/packs",
    );
  }
});

test("how it works tells the four steps in order", async ({ page }) => {
  await page.goto("/");
  const steps = page.getByRole("region", { name: "How it works" }).getByRole("listitem");
  await expect(steps).toHaveCount(4);
  await expect(steps.getByRole("heading")).toHaveText([
    "Open packs",
    "Instant reveal",
    "Vault or sell",
    "Redeem physical",
  ]);
  await expect(steps.nth(1)).toContainText("90% buyback offer");
  await expect(page.getByText("Every card is graded, vaulted and insured.")).toBeVisible();
});

test("the call to action leads to sign-up and to the packs", async ({ page }) => {
  await page.goto("/");
  const cta = page.getByRole("region", { name: "Start your collection" });
  await expect(cta.getByRole("link", { name: "Browse packs" })).toHaveAttribute("href", "/packs");
  await cta.getByRole("link", { name: "Sign up now" }).click();
  await expect(page).toHaveURL("/auth");
});

test("Latest Sales lists recent sales newest first with rarity, time and price", async ({
  page,
}) => {
  await page.goto("/");
  const rows = page.getByRole("region", { name: "Latest Sales" }).getByRole("listitem");
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(8);
  // The seeded sale; a test running beside this one may sell another Charizard meanwhile.
  const charizard = rows.filter({ hasText: "Charizard" }).filter({ hasText: "$12,500.00" });
  await expect(charizard).toHaveCount(1);
  await expect(charizard.locator("[data-rarity]")).toHaveText("Legendary");
  for (const row of await rows.all()) {
    await expect(row.locator("[data-rarity]")).toHaveCount(1);
    await expect(row.locator("time")).toHaveText(/^(just now|\d+ (minute|hour|day)s? ago)$/);
    await expect(row).toContainText(/\$[\d,]+\.\d\d/);
  }
  const times = await rows
    .locator("time")
    .evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute("datetime") ?? "")));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

test.describe("accessibility", () => {
  test("the home page has no serious violations in the dark theme", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(page);
  });

  test("the home page has no serious violations in the light theme", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "light"));
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/light/);
    await expectNoSeriousA11yViolations(page);
  });
});
