import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Fails with the rule ids and targets when the page has serious or critical axe violations.
 * It first lets finite animations and transitions end (up to 3 s): a toast still fading in is
 * half transparent, and axe would measure the contrast of that passing frame. The scan itself
 * runs under `prefers-reduced-motion: reduce` (then the page's own setting again), under which
 * the toaster has no transitions: a toast whose 4 s end during the scan (a scan takes 2-9 s on a
 * busy machine) leaves at once instead of fading through a half-transparent frame.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const reduced = await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" ||
              animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {
      // A page that keeps animating is checked as it is.
    });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  await page.emulateMedia({ reducedMotion: reduced ? "reduce" : "no-preference" });
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, serious.join("\n")).toEqual([]);
}
