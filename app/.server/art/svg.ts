import { createHash } from "node:crypto";

/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A deterministic number in [0, modulo) from any text (SHA-256 based), so the same item
 * always gets the same art: seededNumber("Charizard", 360) is a hue.
 */
export function seededNumber(text: string, modulo: number, salt = ""): number {
  return createHash("sha256").update(`${salt}:${text}`).digest().readUInt32BE(0) % modulo;
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
