import { test as base, expect } from "@playwright/test";
import { watchPageErrors } from "./page-errors";

/**
 * Playwright's `test` with an automatic fixture that fails a test on any uncaught page error
 * or console error (docs/style.md "Tests"). Chromium logs every 4xx answer as "Failed to load resource"
 * (a refused form, a page not built yet): those are expected and ignored (watchPageErrors).
 */
export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const problems = watchPageErrors(page);
      await use();
      expect(problems, problems.join("\n")).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
