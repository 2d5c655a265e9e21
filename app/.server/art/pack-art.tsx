import type { ReactElement } from "react";
import { PACK_ART_HEIGHT, PACK_ART_WIDTH, PACK_TEAR_LINE, type PackTier } from "~/lib/art/pack-art";
import { starPath } from "./figure-paint";
import { r1, renderSvg, seededNumber, seededPick } from "./svg";

const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** What the wrapper is drawn from: the pack's name, category and price tier. */
export type PackWrapper = { name: string; category: string; tier: PackTier };

/** One pack-art category's look: three foil colours (light, mid, dark) and an emblem. */
type Theme = { foil: readonly [string, string, string]; emblem: () => ReactElement };

const STROKE = { stroke: "#0f172a", strokeWidth: 4, strokeLinejoin: "round" as const };

/** The emblems, drawn around (0, 0) in about a 150 px box. */
const Egg = () => (
  <>
    <ellipse cy="52" rx="78" ry="16" fill="#0f172a" fillOpacity="0.3" />
    <path
      d="M0 -70 C44 -70 60 10 56 30 C52 60 -52 60 -56 30 C-60 10 -44 -70 0 -70 Z"
      fill="#fef9c3"
      {...STROKE}
    />
    <path
      d="M-20 -40 a12 10 0 1 0 1 0 Z M22 -8 a16 13 0 1 0 1 0 Z M-30 20 a10 8 0 1 0 1 0 Z"
      fill="#22c55e"
    />
    <path d="M-56 10 L-34 0 L-18 14 L0 -2 L18 14 L34 0 L56 10" fill="none" {...STROKE} />
  </>
);

const ManaWheel = () => (
  <>
    <circle r="76" fill="#1e1b4b" fillOpacity="0.55" stroke="#e9d5ff" strokeWidth="3" />
    {["#fef9c3", "#60a5fa", "#1f2937", "#f87171", "#4ade80"].map((colour, i) => {
      const angle = (i * 2 * Math.PI) / 5 - Math.PI / 2;
      return (
        <circle
          key={colour}
          cx={r1(50 * Math.cos(angle))}
          cy={r1(50 * Math.sin(angle))}
          r="22"
          fill={colour}
          stroke="#f8fafc"
          strokeWidth="3"
        />
      );
    })}
    <path d={starPath(18, 8, 4)} fill="#fde68a" />
  </>
);

const Baseball = () => (
  <>
    <circle r="74" fill="none" stroke="#fef3c7" strokeWidth="6" strokeDasharray="10 8" />
    <circle r="60" fill="#f8fafc" {...STROKE} />
    <path
      d="M38 -50 Q14 0 38 50 M-38 -50 Q-14 0 -38 50"
      fill="none"
      stroke="#dc2626"
      strokeWidth="3"
    />
    <path
      d="M34 -50 Q10 0 34 50 M-34 -50 Q-10 0 -34 50"
      fill="none"
      stroke="#dc2626"
      strokeWidth="12"
      strokeDasharray="2 7"
    />
  </>
);

const Planet = () => (
  <>
    <ellipse rx="86" ry="20" fill="none" stroke="#e2e8f0" strokeWidth="6" transform="rotate(-18)" />
    <circle r="50" fill="#d97706" stroke="#0f172a" strokeWidth="3" />
    <circle cx="-14" cy="-14" r="30" fill="#fde68a" opacity="0.5" />
    <path
      d="M-86 0 A86 20 0 0 0 86 0"
      fill="none"
      stroke="#e2e8f0"
      strokeWidth="6"
      transform="rotate(-18)"
    />
    <path d={starPath(10, 3, 4)} transform="translate(62 -58)" fill="#fff" />
    <path d={starPath(7, 2, 4)} transform="translate(-70 50)" fill="#fff" />
  </>
);

const Burst = () => (
  <>
    <path
      d={starPath(80, 52, 14)}
      fill="#facc15"
      stroke="#b91c1c"
      strokeWidth="4"
      strokeLinejoin="round"
    />
    <text
      y="14"
      fontSize="40"
      fontWeight="900"
      textAnchor="middle"
      fill="#b91c1c"
      stroke="#fff"
      strokeWidth="2"
      paintOrder="stroke"
      transform="rotate(-8)"
    >
      POW!
    </text>
  </>
);

const Basketball = () => (
  <>
    <circle r="64" fill="#f97316" stroke="#431407" strokeWidth="4" />
    <path
      d="M-64 0 H64 M0 -64 V64 M-42 -48 a64 64 0 0 1 0 96 M42 -48 a64 64 0 0 0 0 96"
      fill="none"
      stroke="#431407"
      strokeWidth="4"
    />
  </>
);

const Mystery = () => (
  <>
    <path
      d={starPath(74, 50, 8)}
      fill="#fde68a"
      stroke="#4c1d95"
      strokeWidth="4"
      strokeLinejoin="round"
    />
    <circle r="40" fill="#4c1d95" />
    <text y="18" fontSize="52" fontWeight="900" textAnchor="middle" fill="#fde68a">
      ?
    </text>
  </>
);

/** One look per pack-art category (docs/product/packs.md), matched case-insensitively. */
const THEMES: Record<string, Theme> = {
  pokemon: { foil: ["#fde047", "#f97316", "#b91c1c"], emblem: Egg },
  mtg: { foil: ["#c4b5fd", "#7c3aed", "#1e1b4b"], emblem: ManaWheel },
  sports: { foil: ["#6ee7b7", "#0d9488", "#134e4a"], emblem: Baseball },
  "star wars": { foil: ["#94a3b8", "#1e293b", "#020617"], emblem: Planet },
  comics: { foil: ["#fef08a", "#ec4899", "#9d174d"], emblem: Burst },
  basketball: { foil: ["#fdba74", "#ea580c", "#7c2d12"], emblem: Basketball },
};
const OTHER: Theme = { foil: ["#ddd6fe", "#8b5cf6", "#3b0764"], emblem: Mystery };

/** The vault tier's black-and-gold foil, whatever the category. */
const VAULT_FOIL = ["#fde68a", "#b45309", "#0c0a09"] as const;

/** The look of `category`: its own, or the mystery look for a category without art. */
export function packTheme(category: string): Theme {
  return THEMES[category.trim().toLowerCase()] ?? OTHER;
}

/** The tiled patterns a pack's foil may be printed with; the name picks one. */
const PRINTS: Record<string, ReactElement> = {
  dots: (
    <pattern id="print" width="12" height="12" patternUnits="userSpaceOnUse">
      <circle cx="6" cy="6" r="2.2" fill="#fff" fillOpacity="0.22" />
    </pattern>
  ),
  stripes: (
    <pattern
      id="print"
      width="14"
      height="14"
      patternUnits="userSpaceOnUse"
      patternTransform="rotate(35)"
    >
      <rect width="5" height="14" fill="#fff" fillOpacity="0.12" />
    </pattern>
  ),
  diamonds: (
    <pattern id="print" width="24" height="24" patternUnits="userSpaceOnUse">
      <path
        d="M12 2 L22 12 L12 22 L2 12 Z"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.18"
        strokeWidth="1.5"
      />
    </pattern>
  ),
  waves: (
    <pattern id="print" width="40" height="16" patternUnits="userSpaceOnUse">
      <path
        d="M0 8 Q10 0 20 8 T40 8"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.2"
        strokeWidth="2"
      />
    </pattern>
  ),
  chevrons: (
    <pattern id="print" width="20" height="14" patternUnits="userSpaceOnUse">
      <path d="M0 10 L10 3 L20 10" fill="none" stroke="#fff" strokeOpacity="0.18" strokeWidth="2" />
    </pattern>
  ),
};
const PRINT_NAMES = Object.keys(PRINTS);

/** The wrapper's outline: crimped (zig-zag) ends, a slightly pillowed body between them. */
const OUTLINE = (() => {
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
})();

/** Vertical ridges of the heat-sealed crimp at the top and the bottom. */
const RIDGES = Array.from({ length: 70 }, (_, i) => 12 + i * 4)
  .map((x) => `M${x} 4 V26 M${x} 454 V476`)
  .join(" ");

/**
 * The pack's name in at most two lines on the name band: words are wrapped at about 16
 * characters; a line too long for the band is squeezed (textLength) instead of overflowing.
 */
function NameLines({ name, top }: { name: string; top: number }) {
  const lines: string[] = [];
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 16)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const shown = lines.length > 2 ? [lines[0]!, lines.slice(1).join(" ")] : lines;
  const size = shown.length === 1 ? 26 : 22;
  const maxWidth = 232;
  const firstBaseline = shown.length === 1 ? top + 44 : top + 31;
  return shown.map((line, i) => (
    <text
      key={i}
      x="150"
      y={firstBaseline + i * 27}
      fontSize={size}
      fontWeight="800"
      textAnchor="middle"
      fill="#fff"
      {...(line.length * size * 0.6 > maxWidth
        ? { textLength: maxWidth, lengthAdjust: "spacingAndGlyphs" }
        : {})}
    >
      {line}
    </text>
  ));
}

/** Sparkles on the foil, placed by the name; the premium tiers get more of them. */
function sparklePath(name: string, count: number): string {
  return Array.from({ length: count }, (_, i) => {
    const x = 30 + seededNumber(name, 240, `sparkle-x-${i}`);
    const y = 108 + seededNumber(name, 180, `sparkle-y-${i}`);
    const size = 5 + seededNumber(name, 7, `sparkle-size-${i}`);
    return `M${x} ${y - size}L${x + size / 4} ${y}L${x} ${y + size}L${x - size / 4} ${y}Z`;
  }).join("");
}

/** The holographic sheen of the premium tiers: a rainbow band across the foil. */
function Holo({ angle }: { angle: number }) {
  return (
    <>
      <defs>
        <linearGradient
          id="holo"
          x1="0"
          y1="0"
          x2="1"
          y2="1"
          gradientTransform={`rotate(${angle} 0.5 0.5)`}
        >
          {["#f0abfc", "#fde68a", "#86efac", "#67e8f9", "#a78bfa", "#f0abfc"].map((colour, i) => (
            <stop key={i} offset={r1(i / 5)} stopColor={colour} />
          ))}
        </linearGradient>
      </defs>
      <rect
        width={PACK_ART_WIDTH}
        height={PACK_ART_HEIGHT}
        fill="url(#holo)"
        opacity="0.45"
        style={{ mixBlendMode: "overlay" }}
      />
      <rect width={PACK_ART_WIDTH} height={PACK_ART_HEIGHT} fill="url(#holo)" opacity="0.18" />
    </>
  );
}

/** The tier's stamp under the tear line: nothing, PREMIUM, or VAULT EDITION in gold. */
function TierStamp({ tier }: { tier: PackTier }) {
  if (tier === "standard") return null;
  const label = tier === "vault" ? "VAULT EDITION" : "PREMIUM";
  const width = tier === "vault" ? 150 : 110;
  return (
    <g transform="translate(150 124)">
      <rect
        x={-width / 2}
        y="-12"
        width={width}
        height="22"
        rx="3"
        fill={tier === "vault" ? "#fde68a" : "#f8fafc"}
        stroke="#0f172a"
        strokeWidth="1.5"
      />
      <text
        y="4"
        fontSize="11"
        fontWeight="900"
        textAnchor="middle"
        fill="#0f172a"
        letterSpacing="2.5"
      >
        {label}
      </text>
    </g>
  );
}

/**
 * The SVG of a sealed foil pack (docs/design.md "Look and feel"; docs/decisions/026-art-and-demo-shop.md):
 * crimped ends, a foil in the category's colours printed with a pattern the name picks, a
 * "tear here" line at {@link PACK_TEAR_LINE} of the height, the category on a pill, the
 * category's emblem (tilted and placed by the name), the pack name on a dark band and the
 * PackVault promise. The price tier shows: `premium` packs get a holographic sheen and a
 * PREMIUM stamp, `vault` packs a black-and-gold holographic foil, a gold edge and a VAULT
 * EDITION stamp. A category outside the six pack-art categories gets a mystery look.
 * Deterministic: the same pack always renders the same bytes. Text is escaped by React; the
 * input is trusted to be validated already (routes/art.pack.ts).
 */
export function renderPackSvg({ name, category, tier }: PackWrapper): string {
  const theme = packTheme(category);
  const [light, mid, dark] = tier === "vault" ? VAULT_FOIL : theme.foil;
  const tearY = Math.round(PACK_ART_HEIGHT * PACK_TEAR_LINE);
  const label = category.trim().toUpperCase();
  const pillWidth = Math.min(220, Math.max(90, label.length * 10 + 36));
  const print = seededPick(name, PRINT_NAMES, "print");
  const tilt = seededNumber(name, 25, "tilt") - 12;
  const emblemX = 150 + seededNumber(name, 31, "emblem-x") - 15;
  const foilAngle = seededNumber(name, 90, "foil-angle");
  const Emblem = theme.emblem;
  const edge = tier === "vault" ? "#fbbf24" : dark;
  return renderSvg(
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${PACK_ART_WIDTH} ${PACK_ART_HEIGHT}`}
      width={PACK_ART_WIDTH}
      height={PACK_ART_HEIGHT}
      fontFamily={SANS}
    >
      <defs>
        <linearGradient
          id="foil"
          x1="0"
          y1="0"
          x2="1"
          y2="1"
          gradientTransform={`rotate(${foilAngle - 45} 0.5 0.5)`}
        >
          <stop offset="0" stopColor={light} />
          <stop offset="0.3" stopColor={mid} />
          <stop offset="0.55" stopColor={dark} />
          <stop offset="0.8" stopColor={mid} />
          <stop offset="1" stopColor={light} />
        </linearGradient>
        <linearGradient id="edge" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#000" stopOpacity="0.35" />
          <stop offset="0.08" stopColor="#000" stopOpacity="0" />
          <stop offset="0.92" stopColor="#000" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity="0.35" />
        </linearGradient>
        <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#fff" stopOpacity="0" />
          <stop offset="0.5" stopColor="#fff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
        <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff" stopOpacity="0.55" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        {PRINTS[print]}
        <clipPath id="body">
          <path d={OUTLINE} />
        </clipPath>
      </defs>
      <path d={OUTLINE} fill="url(#foil)" stroke={edge} strokeWidth={tier === "vault" ? 4 : 2} />
      <g clipPath="url(#body)">
        <rect width={PACK_ART_WIDTH} height={PACK_ART_HEIGHT} fill="url(#print)" />
        {tier !== "standard" && <Holo angle={foilAngle} />}
        <rect width={PACK_ART_WIDTH} height={PACK_ART_HEIGHT} fill="url(#edge)" />
        <path d={RIDGES} stroke="#000" strokeOpacity="0.18" strokeWidth="1.2" />
        <line
          x1="10"
          y1={tearY}
          x2="290"
          y2={tearY}
          stroke="#fff"
          strokeOpacity="0.85"
          strokeWidth="1.5"
          strokeDasharray="6 5"
        />
        <text
          x="280"
          y={tearY - 5}
          fontSize="8"
          fontWeight="700"
          textAnchor="end"
          fill="#fff"
          fillOpacity="0.9"
          letterSpacing="1"
        >
          TEAR HERE
        </text>
        <TierStamp tier={tier} />
        <rect
          x={150 - pillWidth / 2}
          y="148"
          width={pillWidth}
          height="24"
          rx="12"
          fill="#0f172a"
          fillOpacity="0.55"
          stroke="#fff"
          strokeOpacity="0.6"
        />
        <text
          x="150"
          y="165"
          fontSize="12"
          fontWeight="800"
          textAnchor="middle"
          fill="#fff"
          letterSpacing="2"
          {...(label.length > 18
            ? { textLength: pillWidth - 24, lengthAdjust: "spacingAndGlyphs" }
            : {})}
        >
          {label}
        </text>
        <circle cx={emblemX} cy="236" r="96" fill="url(#glow)" />
        <path d={sparklePath(name, tier === "standard" ? 5 : 12)} fill="#fff" fillOpacity="0.75" />
        <g transform={`translate(${emblemX} 236) rotate(${tilt}) scale(0.8)`}>
          <Emblem />
        </g>
        <rect
          x="26"
          y="318"
          width="248"
          height="64"
          rx="12"
          fill="#0f172a"
          fillOpacity="0.62"
          stroke={tier === "vault" ? "#fbbf24" : "#fff"}
          strokeOpacity="0.5"
        />
        <NameLines name={name} top={314} />
        <text
          x="150"
          y="404"
          fontSize="11"
          fontWeight="800"
          textAnchor="middle"
          fill="#fff"
          letterSpacing="2"
        >
          1 GRADED CARD INSIDE
        </text>
        <text
          x="150"
          y="420"
          fontSize="9"
          fontWeight="600"
          textAnchor="middle"
          fill="#fff"
          fillOpacity="0.85"
          letterSpacing="1.5"
        >
          PVG · VAULTED · INSURED
        </text>
        <g transform="translate(150 440)">
          <path d="M-52 -4 l6 -6 l6 6 l-6 6 Z" fill="#fff" />
          <text
            x="6"
            y="4"
            fontSize="13"
            fontWeight="900"
            textAnchor="middle"
            fill="#fff"
            letterSpacing="0.5"
          >
            PackVault
          </text>
        </g>
        <path d="M40 480 L150 0 L200 0 L90 480 Z" fill="url(#sheen)" opacity="0.55" />
      </g>
    </svg>,
  );
}
