import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

// docs/style.md "Tests": console.error in a test run is a failure unless the test expects it
// (a test that expects one calls `consoleError.mockClear()` after asserting on it).
export let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`,
    );
  }
});
