// Types of scripts/e2e-browser.js (plain JavaScript: scripts/e2e.js runs it without a build).
export declare const HEADLESS_SHELL: string;
export declare const FULL_CHROMIUM: string;
/** The executable path of the E2E browser: CHROMIUM_PATH, else the headless shell when installed, else the full Chromium. */
export declare function e2eChromium(): string;
