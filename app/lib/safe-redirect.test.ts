import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps a same-site path with its query", () => {
    expect(safeRedirect("/product/1?x=2")).toBe("/product/1?x=2");
  });

  it.each([
    "https://evil.example",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    null,
  ])("refuses %s", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });
});
