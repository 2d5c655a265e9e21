import {
  GRADER,
  GRADER_NAME,
  SLAB_HEIGHT,
  SLAB_WIDTH,
  formatGrade,
  type SlabCard,
} from "~/lib/art/slab-card";
import type { CardRarity } from "~/lib/domain/rarity";
import { escapeXml, seededNumber } from "./svg";

/** Frame, tint and ink per rarity (DESIGN.md: common slate, uncommon green, rare blue, legendary amber). */
const RARITY_INK: Record<CardRarity, { frame: string; light: string; dark: string; mark: string }> =
  {
    common: { frame: "#64748b", light: "#e2e8f0", dark: "#334155", mark: "●" },
    uncommon: { frame: "#16a34a", light: "#dcfce7", dark: "#14532d", mark: "◆" },
    rare: { frame: "#2563eb", light: "#dbeafe", dark: "#1e3a8a", mark: "★" },
    legendary: { frame: "#d97706", light: "#fef3c7", dark: "#78350f", mark: "★" },
  };

/** Hues the art is painted in (picked by name): saturated, and distinct from each other. */
const PALETTE = [350, 22, 265, 210, 48, 160, 300, 120];

/** The grader's words for a whole grade, as printed on the label. */
const GRADE_WORDS = [
  "POOR",
  "GOOD",
  "VG",
  "VG-EX",
  "EX",
  "EX-MT",
  "NM",
  "NM-MT",
  "MINT",
  "GEM MINT",
];

const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const MONO = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace";

/** Name-derived numbers: the same name always draws the same creature or emblem. */
const seed = (name: string) => (salt: string, modulo: number) => seededNumber(name, modulo, salt);

/**
 * Text that shrinks to `maxWidth` (by an estimate of its width) instead of overflowing.
 * Attributes are numbers or constants; `content` is escaped here.
 */
function fittedText(
  content: string,
  x: number,
  y: number,
  size: number,
  maxWidth: number,
  attrs: string,
) {
  const fit = content.length * size * 0.56 > maxWidth;
  const squeeze = fit ? ` textLength="${maxWidth}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text x="${x}" y="${y}" font-size="${size}"${squeeze} ${attrs}>${escapeXml(content)}</text>`;
}

/** A barcode whose bars are read off the cert digits (decorative, but stable per cert). */
function barcode(cert: string, x: number, y: number): string {
  let cursor = x;
  const bars = [...`${cert}${cert}`].map((digit) => {
    const width = 1 + (Number(digit) % 3);
    const bar = `<rect x="${cursor}" y="${y}" width="${width}" height="12"/>`;
    cursor += width + 1 + (Number(digit) % 2);
    return bar;
  });
  return `<g fill="#0f172a">${bars.join("")}</g>`;
}

/** A round, friendly creature for Pokemon-like cards: body, ears, eyes, cheeks, tail or wings. */
function creature(name: string, hue: number, cx: number, cy: number): string {
  const n = seed(name);
  const r = 40 + n("body", 12);
  const ry = r * (0.86 + n("squash", 10) / 50);
  const body = `hsl(${hue} 70% 58%)`;
  const ink = `hsl(${hue} 55% 22%)`;
  const belly = `hsl(${(hue + 35) % 360} 85% 82%)`;
  const stroke = `stroke="${ink}" stroke-width="3" stroke-linejoin="round"`;
  const top = cy - ry;
  const ears = [
    `<path d="M${cx - r * 0.7} ${top + 18} L${cx - r * 0.95} ${top - 26} L${cx - r * 0.2} ${top + 6} Z M${cx + r * 0.7} ${top + 18} L${cx + r * 0.95} ${top - 26} L${cx + r * 0.2} ${top + 6} Z" fill="${body}" ${stroke}/>`,
    `<circle cx="${cx - r * 0.62}" cy="${top + 8}" r="${r * 0.32}" fill="${body}" ${stroke}/><circle cx="${cx + r * 0.62}" cy="${top + 8}" r="${r * 0.32}" fill="${body}" ${stroke}/>`,
    `<path d="M${cx - r * 0.45} ${top + 8} q-${r * 0.5} -${r * 0.4} -${r * 0.3} -${r * 0.75} q${r * 0.1} ${r * 0.45} ${r * 0.55} ${r * 0.55} Z M${cx + r * 0.45} ${top + 8} q${r * 0.5} -${r * 0.4} ${r * 0.3} -${r * 0.75} q-${r * 0.1} ${r * 0.45} -${r * 0.55} ${r * 0.55} Z" fill="${belly}" ${stroke}/>`,
    `<path d="M${cx - 16} ${top + 6} L${cx - 8} ${top - 22} L${cx} ${top + 2} L${cx + 8} ${top - 22} L${cx + 16} ${top + 6} Z" fill="hsl(${(hue + 20) % 360} 90% 55%)" ${stroke}/>`,
  ][n("ears", 4)];
  const tail = `M${cx + r * 0.8} ${cy + 10} l26 -8 l-10 -14 l22 -12 l-6 -18`;
  const extra = [
    "",
    [ink, body]
      .map(
        (color, i) =>
          `<path d="${tail}" fill="none" stroke="${color}" stroke-width="${8 - i * 4}" stroke-linejoin="round"/>`,
      )
      .join(""),
    `<ellipse cx="${cx - r}" cy="${cy - 6}" rx="${r * 0.55}" ry="${r * 0.3}" transform="rotate(-25 ${cx - r} ${cy - 6})" fill="${belly}" ${stroke}/><ellipse cx="${cx + r}" cy="${cy - 6}" rx="${r * 0.55}" ry="${r * 0.3}" transform="rotate(25 ${cx + r} ${cy - 6})" fill="${belly}" ${stroke}/>`,
  ][n("extra", 3)];
  const eyeGap = r * (0.32 + n("eyegap", 8) / 100);
  const eyeR = 6 + n("eye", 4);
  const eyeY = cy - ry * 0.2;
  const eye = (x: number) =>
    `<circle cx="${x}" cy="${eyeY}" r="${eyeR}" fill="#0f172a"/><circle cx="${x + eyeR * 0.35}" cy="${eyeY - eyeR * 0.35}" r="${eyeR * 0.38}" fill="#fff"/>`;
  const cheeks = n("cheeks", 2)
    ? `<circle cx="${cx - eyeGap - 10}" cy="${eyeY + 16}" r="7" fill="#f43f5e" opacity="0.8"/><circle cx="${cx + eyeGap + 10}" cy="${eyeY + 16}" r="7" fill="#f43f5e" opacity="0.8"/>`
    : "";
  return [
    extra,
    ears,
    `<ellipse cx="${cx - r * 0.45}" cy="${cy + ry - 4}" rx="${r * 0.28}" ry="10" fill="${body}" ${stroke}/>`,
    `<ellipse cx="${cx + r * 0.45}" cy="${cy + ry - 4}" rx="${r * 0.28}" ry="10" fill="${body}" ${stroke}/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${ry}" fill="${body}" ${stroke}/>`,
    `<ellipse cx="${cx}" cy="${cy + ry * 0.42}" rx="${r * 0.55}" ry="${ry * 0.42}" fill="${belly}"/>`,
    eye(cx - eyeGap),
    eye(cx + eyeGap),
    cheeks,
    `<path d="M${cx - 8} ${eyeY + 14} q8 8 16 0" fill="none" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>`,
  ].join("");
}

/** A faceted star medallion with the name's initials, for cards of any other category. */
function emblem(name: string, hue: number, cx: number, cy: number): string {
  const n = seed(name);
  const points = 5 + n("points", 4);
  const outer = 62;
  const inner = outer * (0.5 + n("inner", 20) / 100);
  const turn = n("turn", 360);
  const star = Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 ? inner : outer;
    const angle = ((turn + (i * 180) / points) * Math.PI) / 180;
    return `${(cx + radius * Math.sin(angle)).toFixed(1)},${(cy - radius * Math.cos(angle)).toFixed(1)}`;
  }).join(" ");
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
  const ink = `hsl(${hue} 60% 20%)`;
  return [
    `<polygon points="${star}" fill="url(#emblem)" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${inner * 0.78}" fill="hsl(${hue} 80% 92%)" stroke="${ink}" stroke-width="3"/>`,
    `<text x="${cx}" y="${cy + 10}" font-size="28" font-weight="800" text-anchor="middle" fill="${ink}">${escapeXml(initials)}</text>`,
  ].join("");
}

/** Sunburst rays behind the art of rare and legendary cards. */
function rays(cx: number, cy: number, count: number): string {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i * 360) / count;
    return `<path d="M${cx} ${cy} L${cx - 14} ${cy - 170} L${cx + 14} ${cy - 170} Z" transform="rotate(${angle} ${cx} ${cy})"/>`;
  }).join("");
}

/**
 * The SVG of a graded slab (DESIGN.md "Look and feel"): a clear case with a rarity-coloured
 * frame; a label band with grader, card name, category, grade to one decimal, grade words,
 * cert number and barcode; under it the card, whose art is a creature (Pokemon) or an emblem
 * (any other category) generated from the name with seededNumber, so it is deterministic:
 * the same card always renders the same bytes. Text is escaped; the input is trusted to be
 * validated already (routes/art.slab.ts).
 */
export function renderSlabSvg(card: SlabCard): string {
  const ink = RARITY_INK[card.rarity];
  const hue = PALETTE[seededNumber(card.name, PALETTE.length, "tint")] ?? 0;
  const grade = formatGrade(card.grade);
  const words = GRADE_WORDS[Math.floor(card.grade) - 1] ?? "";
  const art = { x: 44, y: 150, w: 212, h: 176 };
  const cx = art.x + art.w / 2;
  const cy = art.y + art.h / 2 + 8;
  const special = card.rarity === "rare" || card.rarity === "legendary";
  const artwork =
    card.category.toLowerCase() === "pokemon"
      ? creature(card.name, hue, cx, cy)
      : emblem(card.name, hue, cx, cy);
  const foil =
    card.rarity === "legendary"
      ? `<rect x="30" y="108" width="240" height="352" rx="10" fill="url(#foil)" opacity="0.35" style="mix-blend-mode:overlay"/>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SLAB_WIDTH} ${SLAB_HEIGHT}" width="${SLAB_WIDTH}" height="${SLAB_HEIGHT}" font-family="${SANS}">
<defs>
<linearGradient id="case" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="0.5" stop-color="#dfe5ee"/><stop offset="1" stop-color="#c3ccda"/></linearGradient>
<linearGradient id="face" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue} 45% 92%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360} 40% 80%)"/></linearGradient>
<radialGradient id="sky" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="hsl(${(hue + 50) % 360} 90% 88%)"/><stop offset="1" stop-color="hsl(${(hue + 200) % 360} 55% 45%)"/></radialGradient>
<linearGradient id="emblem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 85% 65%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 75% 42%)"/></linearGradient>
<linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f0abfc"/><stop offset="0.35" stop-color="#fde68a"/><stop offset="0.65" stop-color="#67e8f9"/><stop offset="1" stop-color="#a78bfa"/></linearGradient>
<linearGradient id="shine" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<clipPath id="art"><rect x="${art.x}" y="${art.y}" width="${art.w}" height="${art.h}" rx="4"/></clipPath>
</defs>
<rect x="4" y="4" width="292" height="472" rx="18" fill="url(#case)" stroke="${ink.frame}" stroke-width="6"/>
<rect x="13" y="13" width="274" height="454" rx="11" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="2"/>
<g>
<rect x="20" y="20" width="260" height="78" rx="6" fill="#fff" stroke="${ink.frame}" stroke-width="2"/>
<rect x="28" y="28" width="40" height="20" rx="3" fill="${ink.dark}"/>
<text x="48" y="43" font-size="12" font-weight="800" text-anchor="middle" fill="#fff" letter-spacing="1">${GRADER}</text>
${fittedText(card.name, 76, 42, 14, 128, `font-weight="700" fill="#0f172a"`)}
${fittedText(`${card.category} · ${card.rarity.toUpperCase()}`, 76, 58, 10, 128, `fill="#475569"`)}
<text x="272" y="56" font-size="28" font-weight="800" text-anchor="end" fill="${ink.dark}">${grade}</text>
<text x="272" y="70" font-size="9" font-weight="700" text-anchor="end" fill="#475569" letter-spacing="0.5">${words}</text>
${barcode(card.cert, 28, 78)}
<text x="272" y="89" font-size="10" text-anchor="end" fill="#0f172a" font-family="${MONO}">${GRADER} ${card.cert}</text>
<text x="28" y="71" font-size="7" fill="#64748b" letter-spacing="0.6">${GRADER_NAME.toUpperCase()}</text>
</g>
<rect x="30" y="108" width="240" height="352" rx="10" fill="url(#face)" stroke="${ink.frame}" stroke-width="5"/>
${fittedText(card.name, 44, 136, 15, 170, `font-weight="800" fill="#0f172a"`)}
<text x="256" y="137" font-size="16" text-anchor="end" fill="${ink.frame}">${ink.mark}</text>
<rect x="${art.x}" y="${art.y}" width="${art.w}" height="${art.h}" rx="4" fill="url(#sky)" stroke="${ink.dark}" stroke-width="2"/>
<g clip-path="url(#art)">
${special ? `<g fill="#fff" opacity="0.18">${rays(cx, cy, card.rarity === "legendary" ? 18 : 12)}</g>` : ""}
${artwork}
</g>
<rect x="44" y="340" width="212" height="22" rx="4" fill="${ink.light}" stroke="${ink.frame}" stroke-width="1.5"/>
<text x="150" y="355" font-size="10" font-weight="700" text-anchor="middle" fill="${ink.dark}" letter-spacing="1">${escapeXml(card.category.toUpperCase())} · ${card.rarity.toUpperCase()}</text>
<g fill="#0f172a" fill-opacity="0.18"><rect x="44" y="374" width="160" height="8" rx="4"/><rect x="44" y="390" width="200" height="8" rx="4"/><rect x="44" y="406" width="120" height="8" rx="4"/></g>
<text x="256" y="446" font-size="8" text-anchor="end" fill="#334155">PackVault · ${GRADER} ${card.cert}</text>
${foil}
<path d="M20 470 L120 10 L175 10 L75 470 Z" fill="url(#shine)" opacity="0.5"/>
</svg>`;
}
