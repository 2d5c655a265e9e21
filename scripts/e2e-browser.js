// Which Chromium the E2E tests drive (playwright.config.ts; scripts/e2e.js checks it is there):
// CHROMIUM_PATH when set; else Debian's chromium-headless-shell, Chromium's headless-only build
// (what Playwright itself runs headless), which took about a quarter less CPU than the full
// browser on the same specs (docs/decisions/038-tests-in-fifteen-minutes.md); else the full
// browser. `.ci/run` installs both from Debian; Lighthouse keeps the full one.
import { existsSync } from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

/** The executable path of the E2E browser (see above). */
export function e2eChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
