import type { Page } from "@playwright/test";

/**
 * Collects a page's uncaught errors and console errors into the returned list, as they come.
 * Chromium logs every 4xx answer as "Failed to load resource" (a refused form, a page not built
 * yet): those are expected and left out (docs/style.md "Tests").
 */
export function watchPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    const expected4xx = /^Failed to load resource: .* status of 4\d\d\b/.test(message.text());
    if (message.type() === "error" && !expected4xx) {
      problems.push(`console.error: ${message.text()}`);
    }
  });
  return problems;
}
