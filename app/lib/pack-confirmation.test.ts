import { describe, expect, it } from "vitest";
import { asksBeforeOpening } from "./pack-confirmation";

describe("asksBeforeOpening", () => {
  it("asks before every pack by default", () => {
    expect(asksBeforeOpening(1, null)).toBe(true);
    expect(asksBeforeOpening(100_000, null)).toBe(true);
  });

  it("skips the question only for packs priced below the chosen amount", () => {
    expect(asksBeforeOpening(2_499, 2_500)).toBe(false);
    expect(asksBeforeOpening(2_500, 2_500)).toBe(true);
    expect(asksBeforeOpening(10_000, 2_500)).toBe(true);
  });
});
