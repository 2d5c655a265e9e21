import { test as base, expect } from "@playwright/test";

/**
 * Playwright's `test` with an automatic fixture that fails a test on any uncaught page error
 * or console error (docs/style.md "Tests"). Chromium logs every 4xx answer as "Failed to load resource"
 * (a refused form, a page not built yet): those are expected and ignored.
 */
export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        const expected4xx = /^Failed to load resource: .* status of 4\d\d\b/.test(message.text());
        if (message.type() === "error" && !expected4xx) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      await use();
      expect(problems, problems.join("\n")).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
