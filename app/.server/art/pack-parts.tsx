import type { ReactElement } from "react";
import { PACK_ART_HEIGHT, PACK_ART_WIDTH, type PackTier } from "~/lib/art/pack-art";
import { r1, seededNumber, SheenGradient } from "./svg";

/**
 * A print of white strokes: a `width` x `height` tile holding the path `d`, drawn at `opacity`
 * and `strokeWidth` (user units).
 */
function strokePrint(
  width: number,
  height: number,
  d: string,
  opacity: number,
  strokeWidth: number,
) {
  return (
    <pattern id="print" width={width} height={height} patternUnits="userSpaceOnUse">
      <path d={d} fill="none" stroke="#fff" strokeOpacity={opacity} strokeWidth={strokeWidth} />
    </pattern>
  );
}

/** The tiled patterns a pack's foil may be printed with; the name picks one. */
export const PRINTS: Record<string, ReactElement> = {
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
  diamonds: strokePrint(24, 24, "M12 2 L22 12 L12 22 L2 12 Z", 0.18, 1.5),
  waves: strokePrint(40, 16, "M0 8 Q10 0 20 8 T40 8", 0.2, 2),
  chevrons: strokePrint(20, 14, "M0 10 L10 3 L20 10", 0.18, 2),
};
export const PRINT_NAMES = Object.keys(PRINTS);

/** The wrapper's outline: crimped (zig-zag) ends, a slightly pillowed body between them. */
export const OUTLINE = (() => {
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
export const RIDGES = Array.from({ length: 70 }, (_, i) => 12 + i * 4)
  .map((x) => `M${x} 4 V26 M${x} 454 V476`)
  .join(" ");

/**
 * The pack's name in at most two lines on the name band: words are wrapped at about 16
 * characters; a line too long for the band is squeezed (textLength) instead of overflowing.
 */
export function NameLines({ name, top }: { name: string; top: number }) {
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
export function sparklePath(name: string, count: number): string {
  return Array.from({ length: count }, (_, i) => {
    const x = 30 + seededNumber(name, 240, `sparkle-x-${i}`);
    const y = 108 + seededNumber(name, 180, `sparkle-y-${i}`);
    const size = 5 + seededNumber(name, 7, `sparkle-size-${i}`);
    return `M${x} ${y - size}L${x + size / 4} ${y}L${x} ${y + size}L${x - size / 4} ${y}Z`;
  }).join("");
}

/** The holographic sheen of the premium tiers: a rainbow band across the foil. */
export function Holo({ angle }: { angle: number }) {
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
export function TierStamp({ tier }: { tier: PackTier }) {
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

/** The foil's gradients, the print's pattern and the body's clip, by the foil's three colours. */
export function FoilDefs({
  colours: [light, mid, dark],
  angle: foilAngle,
  print,
}: {
  colours: readonly [string, string, string];
  angle: number;
  print: string;
}) {
  return (
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
      <SheenGradient id="sheen" peak={0.45} />
      <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stopColor="#fff" stopOpacity="0.55" />
        <stop offset="1" stopColor="#fff" stopOpacity="0" />
      </radialGradient>
      {PRINTS[print]}
      <clipPath id="body">
        <path d={OUTLINE} />
      </clipPath>
    </defs>
  );
}

/** The dashed "tear here" line at `y`. */
export function TearLine({ y: tearY }: { y: number }) {
  return (
    <>
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
    </>
  );
}

/** The category on a pill, squeezed when it is long. */
export function CategoryPill({ category }: { category: string }) {
  const label = category.trim().toUpperCase();
  const pillWidth = Math.min(220, Math.max(90, label.length * 10 + 36));
  return (
    <>
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
    </>
  );
}

/** What every pack promises, under the name band, and the PackVault mark. */
export function PackPromise() {
  return (
    <>
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
    </>
  );
}
