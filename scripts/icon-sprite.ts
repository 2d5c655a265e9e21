// Writes app/components/shell/icons.svg, the shell's icon sprite, from lucide-react's icons
// (`npm run icons`; app/components/shell/icon-sprite.test.ts checks that it is up to date).
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SHELL_ICONS } from "../app/components/shell/icon-names";

export const SPRITE_PATH = new URL("../app/components/shell/icons.svg", import.meta.url);

const DRAWING =
  'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const pascal = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());

/** The sprite's text: one `<symbol id="{name}">` per shell icon, drawn as lucide-react draws it. */
export function iconSprite(): string {
  const symbols = SHELL_ICONS.map((name) => {
    const component = (lucide as unknown as Record<string, ComponentType>)[pascal(name)];
    if (!component) throw new Error(`lucide-react has no icon ${name}`);
    const inner = renderToStaticMarkup(createElement(component)).replace(
      /^<svg[^>]*>|<\/svg>$/g,
      "",
    );
    // The drawing attributes sit on each symbol: a <use> copies the symbol, not the root's.
    return `<symbol id="${name}" viewBox="0 0 24 24" ${DRAWING}>${inner}</symbol>`;
  });
  return [`<svg xmlns="http://www.w3.org/2000/svg">`, ...symbols, "</svg>", ""].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(SPRITE_PATH, iconSprite());
}
