import { escapeXml, seededNumber } from "./svg";

/** What the art is drawn from: the product's own words, nothing else. */
export type ProductArtInput = { name: string; category: string; rarity: string };

const SIZE = 400;
/** Width of the rarity-coloured frame. */
const FRAME = 10;

/** Frame colours by rarity, in the design's tiers: common slate ... ultra rare amber. */
const RARITY_FRAME: Record<string, { stroke: string; glow: string }> = {
  Common: { stroke: "#94a3b8", glow: "#cbd5e1" },
  Limited: { stroke: "#22c55e", glow: "#86efac" },
  Rare: { stroke: "#3b82f6", glow: "#93c5fd" },
  "Ultra Rare": { stroke: "#f59e0b", glow: "#fde68a" },
};
const DEFAULT_FRAME = RARITY_FRAME.Common!;

/** Category motifs, drawn in a 200x200 box centred at (200, 170); `fg`/`bg` are colours. */
const MOTIFS: Record<string, (fg: string, bg: string) => string> = {
  // A graded slab: label band over a card with an art window.
  "Trading Cards": (fg, bg) => `
    <g transform="rotate(-6 200 170)">
      <rect x="130" y="70" width="140" height="196" rx="12" fill="${bg}" stroke="${fg}" stroke-width="5"/>
      <rect x="142" y="82" width="116" height="26" rx="5" fill="${fg}" opacity="0.85"/>
      <rect x="148" y="118" width="104" height="84" rx="6" fill="${fg}" opacity="0.35"/>
      <circle cx="200" cy="160" r="26" fill="${fg}" opacity="0.9"/>
      <rect x="148" y="212" width="104" height="8" rx="4" fill="${fg}" opacity="0.5"/>
      <rect x="148" y="228" width="70" height="8" rx="4" fill="${fg}" opacity="0.5"/>
    </g>`,
  // A figure on a round pedestal.
  Figurines: (fg, bg) => `
    <ellipse cx="200" cy="258" rx="74" ry="16" fill="${fg}" opacity="0.55"/>
    <circle cx="200" cy="98" r="30" fill="${fg}"/>
    <path d="M158 250 L166 150 Q200 128 234 150 L242 250 Z" fill="${fg}" opacity="0.9"/>
    <path d="M166 156 L128 208 M234 156 L272 208" stroke="${fg}" stroke-width="16" stroke-linecap="round"/>
    <rect x="186" y="150" width="28" height="60" rx="6" fill="${bg}" opacity="0.5"/>`,
  // A comic page: panels and a starburst.
  Comics: (fg, bg) => `
    <rect x="112" y="66" width="176" height="204" rx="6" fill="${bg}" stroke="${fg}" stroke-width="5"/>
    <rect x="124" y="78" width="70" height="80" fill="${fg}" opacity="0.35"/>
    <rect x="204" y="78" width="72" height="80" fill="${fg}" opacity="0.55"/>
    <rect x="124" y="168" width="152" height="90" fill="${fg}" opacity="0.25"/>
    <path d="M200 176 L212 198 L238 192 L222 212 L240 232 L214 228 L204 252 L194 228 L168 232 L184 212 L166 192 L192 198 Z" fill="${fg}"/>`,
  // A minted coin with a star.
  Collectibles: (fg, bg) => `
    <circle cx="200" cy="170" r="92" fill="${fg}" opacity="0.9"/>
    <circle cx="200" cy="170" r="76" fill="${bg}" opacity="0.55"/>
    <circle cx="200" cy="170" r="76" fill="none" stroke="${fg}" stroke-width="4" stroke-dasharray="4 7"/>
    <path d="M200 118 L215 152 L252 155 L224 179 L233 215 L200 196 L167 215 L176 179 L148 155 L185 152 Z" fill="${fg}"/>`,
  // A trophy with a ribbon.
  Memorabilia: (fg, bg) => `
    <path d="M148 82 H252 V124 Q252 184 200 188 Q148 184 148 124 Z" fill="${fg}"/>
    <path d="M148 96 H120 Q118 140 156 150 M252 96 H280 Q282 140 244 150" fill="none" stroke="${fg}" stroke-width="10"/>
    <rect x="188" y="186" width="24" height="40" fill="${fg}" opacity="0.85"/>
    <rect x="154" y="226" width="92" height="30" rx="6" fill="${fg}"/>
    <rect x="170" y="234" width="60" height="12" rx="3" fill="${bg}" opacity="0.6"/>`,
};

/** Splits `text` into at most `maxLines` lines of about `width` characters, ending in "...". */
function wrapLines(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, width - 1).trimEnd()}\u2026`;
  return kept;
}

/**
 * Draws a product's placeholder art as a 400x400 SVG: a background in a hue seeded from the
 * name, a motif for the category (a slab for trading cards, a figure, a comic page, a coin, a
 * trophy; a coin for unknown categories), a frame in the rarity's colour and the name as
 * text. Deterministic: the same input always gives the same bytes. System fonts only.
 */
export function productArtSvg({ name, category, rarity }: ProductArtInput): string {
  const hue = seededNumber(name, 360);
  const tilt = seededNumber(name, 360, "tilt");
  const frame = RARITY_FRAME[rarity] ?? DEFAULT_FRAME;
  const motif = MOTIFS[category] ?? MOTIFS.Collectibles!;
  const fg = `hsl(${hue} 80% 82%)`;
  const bg = `hsl(${hue} 45% 22%)`;
  const sparkles = Array.from({ length: 14 }, (_, i) => {
    const x = 20 + seededNumber(name, 360, `x${i}`);
    const y = 20 + seededNumber(name, 250, `y${i}`);
    const r = 1 + seededNumber(name, 3, `r${i}`);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="0.35"/>`;
  }).join("");
  const lines = wrapLines(name, 22, 2);
  const firstLineY = lines.length === 1 ? 338 : 326;
  const text = lines
    .map(
      (line, i) =>
        `<text x="200" y="${firstLineY + i * 28}" text-anchor="middle" font-size="24" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("");

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img">
<title>${escapeXml(`${name}, ${category}, ${rarity}`)}</title>
<defs>
  <linearGradient id="bg" gradientTransform="rotate(${tilt % 90} 0.5 0.5)">
    <stop offset="0" stop-color="hsl(${hue} 55% 30%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 14%)"/>
  </linearGradient>
  <linearGradient id="frame" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${frame.glow}"/>
    <stop offset="0.5" stop-color="${frame.stroke}"/>
    <stop offset="1" stop-color="${frame.glow}"/>
  </linearGradient>
  <clipPath id="inner"><rect x="${FRAME}" y="${FRAME}" width="${SIZE - 2 * FRAME}" height="${SIZE - 2 * FRAME}" rx="14"/></clipPath>
</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#frame)"/>
<g clip-path="url(#inner)">
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
${sparkles}
${motif(fg, bg)}
<rect x="0" y="292" width="${SIZE}" height="108" fill="#000" opacity="0.45"/>
${text}
<text x="28" y="44" font-size="15" font-weight="600" fill="#fff" opacity="0.85" letter-spacing="1">${escapeXml(category.toUpperCase())}</text>
</g>
<style>text{font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}</style>
</svg>`;
}
