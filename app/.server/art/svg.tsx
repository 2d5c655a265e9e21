import { createHash } from "node:crypto";
import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * A deterministic number in [0, modulo) from any text (SHA-256 based), so the same item
 * always gets the same art: seededNumber("Charizard", 360) is a hue.
 */
export function seededNumber(text: string, modulo: number, salt = ""): number {
  return createHash("sha256").update(`${salt}:${text}`).digest().readUInt32BE(0) % modulo;
}

/** One of `items`, picked by the text's hash (salted, so several picks from one name differ). */
export function seededPick<T>(text: string, items: readonly T[], salt: string): T {
  return items[seededNumber(text, items.length, salt)]!;
}

/** A coordinate rounded to one decimal, so the markup stays short. */
export function r1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The sans-serif stack the pack and slab art write their text in. */
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/**
 * The root `<svg>` of a `width` x `height` art (user units = pixels, viewBox from the origin),
 * its text in the system sans-serif: the frame the pack and slab art draw in.
 */
export function SvgDocument(props: { width: number; height: number; children: ReactNode }) {
  const { width, height, children } = props;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      fontFamily={SANS}
    >
      {children}
    </svg>
  );
}

/**
 * A left-to-right band of white light, clear at both edges and `peak` opaque in the middle
 * (0-1): the shine laid across a pack's foil and a slab's case, as the gradient `id`.
 */
export function SheenGradient({ id, peak }: { id: string; peak: number }) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stopColor="#fff" stopOpacity="0" />
      <stop offset="0.5" stopColor="#fff" stopOpacity={peak} />
      <stop offset="1" stopColor="#fff" stopOpacity="0" />
    </linearGradient>
  );
}

/**
 * An `<svg>` element rendered to a standalone SVG document string. React escapes every text
 * and attribute value, so names from the database cannot inject markup.
 */
export function renderSvg(svg: ReactElement): string {
  return renderToStaticMarkup(svg);
}

/** An SVG body as an HTTP response: immutable for a year (the art is a pure function of its URL). */
export function svgResponse(svg: string): Response {
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
