import { describe, expect, it } from "vitest";
import { shippingSummary } from "./shipping";

describe("shippingSummary", () => {
  it("promises free shipping in the US over $100 only, as /shipping says", () => {
    expect(shippingSummary(1_500_000)).toBe("Free in the US");
    expect(shippingSummary(10_001)).toBe("Free in the US");
    expect(shippingSummary(10_000)).toBe("From $5.99 in the US");
    expect(shippingSummary(2_500)).toBe("From $5.99 in the US");
  });

  it("never promises free worldwide shipping (international shipping is charged)", () => {
    for (const cents of [100, 9_999, 10_001, 1_500_000]) {
      expect(shippingSummary(cents)).not.toMatch(/worldwide/i);
    }
  });
});
