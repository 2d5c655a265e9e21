import { expect } from "vitest";

/**
 * Asserts that `svg` is one well-formed SVG document (every tag closed in order, attributes
 * quoted, no bare `&`) and holds nothing active or external: no script, no foreignObject,
 * no event handler, no href leaving the document (only `#id` references).
 */
export function expectSafeSvg(svg: string): void {
  expect(svg.startsWith("<svg ")).toBe(true);
  expect(svg).toMatch(/<\/svg>$/);
  expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+=|javascript:/i);
  for (const href of svg.matchAll(/href="([^"]*)"/g)) expect(href[1]).toMatch(/^#/);
  for (const url of svg.matchAll(/url\(([^)]*)\)/g)) expect(url[1]).toMatch(/^#/);
  expect(svg).not.toMatch(/&(?!(?:amp|lt|gt|quot|#x?[0-9a-f]+);)/i);
  const open: string[] = [];
  for (const [tag, closing, name, attrs, selfClosing] of svg.matchAll(
    /<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g,
  )) {
    expect(attrs!.replace(/\s[\w:-]+="[^"<]*"/g, "").trim(), tag).toBe("");
    if (closing) expect(open.pop(), tag).toBe(name);
    else if (!selfClosing) open.push(name!);
  }
  expect(open).toEqual([]);
}
