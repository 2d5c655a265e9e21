import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SHELL_ICONS } from "./icon-names";
import { SPRITE_PATH, iconSprite } from "../../../scripts/icon-sprite";

describe("the shell's icon sprite", () => {
  it("is what `npm run icons` makes from lucide-react now (re-run it after changing the list)", () => {
    expect(readFileSync(SPRITE_PATH, "utf8")).toBe(iconSprite());
  });

  it("has one drawn symbol per shell icon, with the outline drawing attributes on each", () => {
    const sprite = iconSprite();
    for (const name of SHELL_ICONS) {
      expect(sprite).toMatch(
        new RegExp(
          `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor"[^>]*>(<(path|circle|rect|line|polyline)[^>]*>)`,
        ),
      );
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(SHELL_ICONS.length);
  });
});
