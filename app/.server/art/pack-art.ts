import { PACK_ART_HEIGHT, PACK_ART_WIDTH, PACK_TEAR_LINE, type PackArt } from "~/lib/art/pack-art";
import { escapeXml, seededNumber } from "./svg";

const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** The emblem in the middle of the wrapper, drawn around (cx, cy) in about a 150 px box. */
type Emblem = (cx: number, cy: number) => string;

/** One pack-art category's look: three foil colours (light, mid, dark), a pattern, an emblem. */
type Theme = {
  foil: readonly [string, string, string];
  pattern: "dots" | "stars" | "lines" | "diamonds";
  emblem: Emblem;
};

const STROKE = `stroke="#0f172a" stroke-width="4" stroke-linejoin="round"`;

/** A capture ball: red top, white bottom, a black band and a button. */
const ball: Emblem = (cx, cy) =>
  [
    `<circle cx="${cx}" cy="${cy}" r="66" fill="#f8fafc" ${STROKE}/>`,
    `<path d="M${cx - 66} ${cy} A66 66 0 0 1 ${cx + 66} ${cy} Z" fill="#ef4444" ${STROKE}/>`,
    `<rect x="${cx - 66}" y="${cy - 5}" width="132" height="10" fill="#0f172a"/>`,
    `<circle cx="${cx}" cy="${cy}" r="20" fill="#f8fafc" ${STROKE}/>`,
    `<circle cx="${cx}" cy="${cy}" r="9" fill="#fff" stroke="#94a3b8" stroke-width="2"/>`,
    `<path d="M${cx - 44} ${cy - 36} q14 -16 34 -20" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="6" stroke-linecap="round"/>`,
  ].join("");

/** Five coloured mana orbs in a ring around a star. */
const manaWheel: Emblem = (cx, cy) => {
  const colours = ["#fef9c3", "#60a5fa", "#1f2937", "#f87171", "#4ade80"];
  const orbs = colours.map((colour, i) => {
    const angle = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    const x = (cx + 50 * Math.cos(angle)).toFixed(1);
    const y = (cy + 50 * Math.sin(angle)).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="22" fill="${colour}" stroke="#f8fafc" stroke-width="3"/>`;
  });
  return [
    `<circle cx="${cx}" cy="${cy}" r="76" fill="#1e1b4b" fill-opacity="0.55" stroke="#e9d5ff" stroke-width="3"/>`,
    ...orbs,
    star(cx, cy, 18, 8, "#fde68a"),
  ].join("");
};

/** A baseball with its red stitching, on a laurel-like ring. */
const baseball: Emblem = (cx, cy) => {
  const seam = (side: 1 | -1) =>
    `M${cx + side * 38} ${cy - 50} Q${cx + side * 14} ${cy} ${cx + side * 38} ${cy + 50}`;
  return [
    `<circle cx="${cx}" cy="${cy}" r="74" fill="none" stroke="#fef3c7" stroke-width="6" stroke-dasharray="10 8"/>`,
    `<circle cx="${cx}" cy="${cy}" r="60" fill="#f8fafc" ${STROKE}/>`,
    ...([1, -1] as const).map(
      (side) =>
        `<path d="${seam(side)}" fill="none" stroke="#dc2626" stroke-width="3"/><path d="${seam(side)}" fill="none" stroke="#dc2626" stroke-width="12" stroke-dasharray="2 7" transform="translate(${side * -4} 0)"/>`,
    ),
  ].join("");
};

/** A ringed planet among stars. */
const planet: Emblem = (cx, cy) =>
  [
    `<ellipse cx="${cx}" cy="${cy}" rx="86" ry="20" fill="none" stroke="#e2e8f0" stroke-width="6" transform="rotate(-18 ${cx} ${cy})"/>`,
    `<circle cx="${cx}" cy="${cy}" r="50" fill="url(#planet)" stroke="#0f172a" stroke-width="3"/>`,
    `<path d="M${cx - 86} ${cy} A86 20 0 0 0 ${cx + 86} ${cy}" fill="none" stroke="#e2e8f0" stroke-width="6" transform="rotate(-18 ${cx} ${cy})"/>`,
    star(cx + 62, cy - 58, 10, 3, "#fff"),
    star(cx - 70, cy + 50, 7, 2, "#fff"),
  ].join("");

/** A comic-book burst with POW! in it. */
const burst: Emblem = (cx, cy) =>
  [
    star(
      cx,
      cy,
      80,
      52,
      "#facc15",
      14,
      `stroke="#b91c1c" stroke-width="4" stroke-linejoin="round"`,
    ),
    `<text x="${cx}" y="${cy + 14}" font-size="40" font-weight="900" text-anchor="middle" fill="#b91c1c" stroke="#fff" stroke-width="2" paint-order="stroke" transform="rotate(-8 ${cx} ${cy})">POW!</text>`,
  ].join("");

/** A basketball. */
const basketball: Emblem = (cx, cy) =>
  [
    `<circle cx="${cx}" cy="${cy}" r="64" fill="#f97316" stroke="#431407" stroke-width="4"/>`,
    `<g fill="none" stroke="#431407" stroke-width="4"><path d="M${cx - 64} ${cy} H${cx + 64} M${cx} ${cy - 64} V${cy + 64}"/><path d="M${cx - 42} ${cy - 48} a64 64 0 0 1 0 96 M${cx + 42} ${cy - 48} a64 64 0 0 0 0 96"/></g>`,
    `<path d="M${cx - 40} ${cy - 38} q10 -14 28 -18" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="6" stroke-linecap="round"/>`,
  ].join("");

/** A question-mark medallion for a category without its own art. */
const mystery: Emblem = (cx, cy) =>
  [
    star(cx, cy, 74, 50, "#fde68a", 8, `stroke="#4c1d95" stroke-width="4" stroke-linejoin="round"`),
    `<circle cx="${cx}" cy="${cy}" r="40" fill="#4c1d95"/>`,
    `<text x="${cx}" y="${cy + 18}" font-size="52" font-weight="900" text-anchor="middle" fill="#fde68a">?</text>`,
  ].join("");

/** Spec section 9, "Pack art categories": one look per category (matched case-insensitively). */
const THEMES: Record<string, Theme> = {
  pokemon: { foil: ["#fde047", "#f97316", "#b91c1c"], pattern: "diamonds", emblem: ball },
  mtg: { foil: ["#c4b5fd", "#7c3aed", "#1e1b4b"], pattern: "diamonds", emblem: manaWheel },
  sports: { foil: ["#6ee7b7", "#0d9488", "#134e4a"], pattern: "lines", emblem: baseball },
  "star wars": { foil: ["#94a3b8", "#1e293b", "#020617"], pattern: "stars", emblem: planet },
  comics: { foil: ["#fef08a", "#ec4899", "#9d174d"], pattern: "dots", emblem: burst },
  basketball: { foil: ["#fdba74", "#ea580c", "#7c2d12"], pattern: "lines", emblem: basketball },
};
const OTHER: Theme = {
  foil: ["#ddd6fe", "#8b5cf6", "#3b0764"],
  pattern: "diamonds",
  emblem: mystery,
};

/** The look of `category`: its own, or the mystery look for a category without art. */
export function packTheme(category: string): Theme {
  return THEMES[category.trim().toLowerCase()] ?? OTHER;
}

/** A star polygon with `points` tips between radii `outer` and `inner`. */
function star(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  fill: string,
  points = 4,
  attrs = "",
): string {
  const corners = Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 ? inner : outer;
    const angle = (i * Math.PI) / points - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
  return `<polygon points="${corners}" fill="${fill}" ${attrs}/>`;
}

/** The tiled pattern printed on the foil, as a `<pattern id="print">`. */
function printPattern(kind: Theme["pattern"]): string {
  const tile = {
    dots: `<pattern id="print" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.2" fill="#fff" fill-opacity="0.22"/></pattern>`,
    stars: `<pattern id="print" width="46" height="46" patternUnits="userSpaceOnUse"><circle cx="8" cy="10" r="1.2" fill="#fff" fill-opacity="0.8"/><circle cx="30" cy="24" r="0.9" fill="#fff" fill-opacity="0.6"/><circle cx="18" cy="38" r="1.5" fill="#fff" fill-opacity="0.7"/><circle cx="40" cy="4" r="0.8" fill="#fff" fill-opacity="0.5"/></pattern>`,
    lines: `<pattern id="print" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="5" height="14" fill="#fff" fill-opacity="0.12"/></pattern>`,
    diamonds: `<pattern id="print" width="24" height="24" patternUnits="userSpaceOnUse"><path d="M12 2 L22 12 L12 22 L2 12 Z" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="1.5"/></pattern>`,
  };
  return tile[kind];
}

/** The wrapper's outline: crimped (zig-zag) ends, a slightly pillowed body between them. */
function outline(): string {
  const teeth = (y: number, depth: number, reverse: boolean) => {
    const xs = Array.from({ length: 29 }, (_, i) => 10 + i * 10);
    return (reverse ? xs.reverse() : xs)
      .map((x, i) => `L${x} ${y + (i % 2 ? depth : 0)}`)
      .join(" ");
  };
  return [
    "M10 6",
    teeth(0, 6, false),
    "L290 26 Q288 31 286 38 L286 442 Q288 449 290 454",
    teeth(480, -6, true),
    "L10 454 Q12 449 14 442 L14 38 Q12 31 10 26 Z",
  ].join(" ");
}

/** Vertical ridges of the heat-sealed crimp at the top and the bottom. */
function crimpRidges(): string {
  const ridges = Array.from({ length: 70 }, (_, i) => 12 + i * 4)
    .map((x) => `M${x} 4 V26 M${x} 454 V476`)
    .join(" ");
  return `<path d="${ridges}" stroke="#000" stroke-opacity="0.18" stroke-width="1.2"/>`;
}

/**
 * The pack's name in at most two lines on the name band: words are wrapped at about 16
 * characters; a line too long for the band is squeezed (textLength) instead of overflowing.
 */
function nameLines(name: string, top: number): string {
  const words = name.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && (last + " " + word).length <= 16)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const shown = lines.length > 2 ? [lines[0]!, lines.slice(1).join(" ")] : lines;
  const size = shown.length === 1 ? 26 : 22;
  const maxWidth = 232;
  const firstBaseline = shown.length === 1 ? top + 44 : top + 31;
  return shown
    .map((line, i) => {
      const squeeze =
        line.length * size * 0.6 > maxWidth
          ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"`
          : "";
      return `<text x="150" y="${firstBaseline + i * 27}" font-size="${size}" font-weight="800" text-anchor="middle" fill="#fff"${squeeze}>${escapeXml(line)}</text>`;
    })
    .join("");
}

/** Sparkles on the foil, placed by the name: two packs of one category still differ. */
function sparkles(name: string): string {
  return Array.from({ length: 7 }, (_, i) => {
    const x = 30 + seededNumber(name, 240, `sparkle-x-${i}`);
    const y = 108 + seededNumber(name, 180, `sparkle-y-${i}`);
    const size = 5 + seededNumber(name, 7, `sparkle-size-${i}`);
    return star(x, y, size, size / 4, "#fff", 4, `fill-opacity="0.75"`);
  }).join("");
}

/**
 * The SVG of a sealed foil pack (DESIGN.md "Look and feel": packs as foil wrappers): crimped
 * ends, a foil in the category's colours with its printed pattern, a "tear here" line at
 * {@link PACK_TEAR_LINE} of the height, the category on a pill, the category's emblem, the
 * pack name on a dark band (so it reads on any foil), and the PackVault promise. A category
 * outside the six pack-art categories gets a mystery look. Deterministic: the same pack always
 * renders the same bytes. Text is escaped; the input is trusted to be validated already
 * (routes/art.pack.ts).
 */
export function renderPackSvg(pack: PackArt): string {
  const theme = packTheme(pack.category);
  const [light, mid, dark] = theme.foil;
  const tearY = Math.round(PACK_ART_HEIGHT * PACK_TEAR_LINE);
  const category = pack.category.trim().toUpperCase();
  const pillWidth = Math.min(220, Math.max(90, category.length * 10 + 36));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PACK_ART_WIDTH} ${PACK_ART_HEIGHT}" width="${PACK_ART_WIDTH}" height="${PACK_ART_HEIGHT}" font-family="${SANS}">
<defs>
<linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.3" stop-color="${mid}"/><stop offset="0.55" stop-color="${dark}"/><stop offset="0.8" stop-color="${mid}"/><stop offset="1" stop-color="${light}"/></linearGradient>
<linearGradient id="edge" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.08" stop-color="#000" stop-opacity="0"/><stop offset="0.92" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="planet" cx="0.35" cy="0.35" r="0.8"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#b45309"/></radialGradient>
${printPattern(theme.pattern)}
<clipPath id="body"><path d="${outline()}"/></clipPath>
</defs>
<path d="${outline()}" fill="url(#foil)" stroke="${dark}" stroke-width="2"/>
<g clip-path="url(#body)">
<rect width="${PACK_ART_WIDTH}" height="${PACK_ART_HEIGHT}" fill="url(#print)"/>
<rect width="${PACK_ART_WIDTH}" height="${PACK_ART_HEIGHT}" fill="url(#edge)"/>
${crimpRidges()}
<line x1="10" y1="${tearY}" x2="290" y2="${tearY}" stroke="#fff" stroke-opacity="0.85" stroke-width="1.5" stroke-dasharray="6 5"/>
<text x="280" y="${tearY - 5}" font-size="8" font-weight="700" text-anchor="end" fill="#fff" fill-opacity="0.9" letter-spacing="1">TEAR HERE</text>
<rect x="${150 - pillWidth / 2}" y="76" width="${pillWidth}" height="24" rx="12" fill="#0f172a" fill-opacity="0.55" stroke="#fff" stroke-opacity="0.6"/>
<text x="150" y="93" font-size="12" font-weight="800" text-anchor="middle" fill="#fff" letter-spacing="2"${category.length > 18 ? ` textLength="${pillWidth - 24}" lengthAdjust="spacingAndGlyphs"` : ""}>${escapeXml(category)}</text>
<circle cx="150" cy="200" r="96" fill="url(#glow)"/>
${sparkles(pack.name)}
${theme.emblem(150, 200)}
<rect x="26" y="300" width="248" height="72" rx="12" fill="#0f172a" fill-opacity="0.62" stroke="#fff" stroke-opacity="0.35"/>
${nameLines(pack.name, 300)}
<text x="150" y="398" font-size="11" font-weight="800" text-anchor="middle" fill="#fff" letter-spacing="2">1 GRADED CARD INSIDE</text>
<text x="150" y="414" font-size="9" font-weight="600" text-anchor="middle" fill="#fff" fill-opacity="0.85" letter-spacing="1.5">PVG · VAULTED · INSURED</text>
<g transform="translate(150 436)"><path d="M-52 -4 l6 -6 l6 6 l-6 6 Z" fill="#fff"/><text x="6" y="4" font-size="13" font-weight="900" text-anchor="middle" fill="#fff" letter-spacing="0.5">PackVault</text></g>
<path d="M40 480 L150 0 L200 0 L90 480 Z" fill="url(#sheen)" opacity="0.55"/>
</g>
</svg>`;
}
