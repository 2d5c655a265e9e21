import { describe, expect, it } from "vitest";
import { STORE_SHIPPING, STORE_SHIPPING_NOTE } from "./shipping";

describe("the store's shipping story", () => {
  it("says shipping is free to US addresses, as checkout charges none, and never 'worldwide'", () => {
    expect(STORE_SHIPPING).toBe("Free to US addresses");
    expect(STORE_SHIPPING_NOTE).toContain("free to US addresses");
    expect(`${STORE_SHIPPING} ${STORE_SHIPPING_NOTE}`).not.toMatch(/worldwide|from \$/i);
  });
});
