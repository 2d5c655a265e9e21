// Writes app/components/ui/icons.svg, the icon sprite, from lucide-react's icons
// (`npm run icons`; app/components/ui/icon-sprite.test.ts checks that it is up to date).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SPRITE_ICONS } from "../app/components/ui/icon-names";

export const SPRITE_PATH = new URL("../app/components/ui/icons.svg", import.meta.url);

const DRAWING =
  'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const pascal = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());

/** The sprite's text: one `<symbol id="{name}">` per icon, drawn as lucide-react draws it. */
export function iconSprite(): string {
  const symbols = SPRITE_ICONS.map((name) => {
    const component = (lucide as unknown as Record<string, ComponentType>)[pascal(name)];
    if (!component) throw new Error(`lucide-react has no icon ${name}`);
    const inner = renderToStaticMarkup(createElement(component)).replace(
      /^<svg[^>]*>|<\/svg>$/g,
      "",
    );
    // The stroke attributes sit on each symbol: a <use> copies the symbol, not the root's. The
    // fill does not: the <svg> that draws the icon sets it (`fill="none"`, or a `fill-*` class
    // for a filled star or heart), and the symbol passes it on by inheritance.
    return `<symbol id="${name}" viewBox="0 0 24 24" ${DRAWING}>${inner}</symbol>`;
  });
  return [`<svg xmlns="http://www.w3.org/2000/svg">`, ...symbols, "</svg>", ""].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(SPRITE_PATH, iconSprite());
}
