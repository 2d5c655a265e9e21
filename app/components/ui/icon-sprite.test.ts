import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPRITE_ICONS } from "./icon-names";
import { SPRITE_PATH, iconSprite } from "../../../scripts/icon-sprite";

describe("the icon sprite", () => {
  it("is what `npm run icons` makes from lucide-react now (re-run it after changing the list)", () => {
    expect(readFileSync(SPRITE_PATH, "utf8")).toBe(iconSprite());
  });

  it("has one drawn symbol per icon, with the stroke attributes on each and no fill of its own", () => {
    const sprite = iconSprite();
    for (const name of SPRITE_ICONS) {
      expect(sprite).toMatch(
        new RegExp(
          `<symbol id="${name}" viewBox="0 0 24 24" stroke="currentColor"[^>]*>(<(path|circle|rect|line|polyline|polygon|ellipse)[^>]*>)`,
        ),
      );
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(SPRITE_ICONS.length);
    expect(sprite).not.toMatch(/<symbol [^>]*fill=/);
  });
});
