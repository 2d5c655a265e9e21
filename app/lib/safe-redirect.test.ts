import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";
import { OPEN_REDIRECTS } from "../../tests/helpers/open-redirects";

describe("safeRedirect", () => {
  it("keeps a same-site path with its query and fragment", () => {
    expect(safeRedirect("/product/1?x=2#top")).toBe("/product/1?x=2#top");
    expect(safeRedirect("/marketplace/offers?tab=sales")).toBe("/marketplace/offers?tab=sales");
  });

  it("answers the normalised path, which passes its own check", () => {
    expect(safeRedirect("/a/./b/../c")).toBe("/a/c");
    expect(safeRedirect(safeRedirect("/a/./b/../c"))).toBe("/a/c");
  });

  it.each(OPEN_REDIRECTS)("refuses %j", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null, "/f")).toBe("/f");
    expect(safeRedirect(undefined, "/f")).toBe("/f");
  });
});
