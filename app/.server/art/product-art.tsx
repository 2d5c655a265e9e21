import type { ReactElement } from "react";
import { CardArt } from "./card-figure";
import { renderSvg, seededNumber } from "./svg";

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

/** A motif's colours: `fg` light, `bg` dark, from the name's hue; `name` for nested card art. */
type Motif = (m: { fg: string; bg: string; name: string }) => ReactElement;
const INK = { stroke: "#0f172a", strokeWidth: 4, strokeLinejoin: "round" as const };

/** Motifs, drawn in a 200x200 box centred at (200, 170). */
const MOTIFS = {
  // A graded slab whose card shows the name's own figure.
  slab: ({ fg, name }) => (
    <g transform="rotate(-5 200 170)">
      <rect x="128" y="56" width="144" height="224" rx="12" fill="#e2e8f0" {...INK} />
      <rect x="138" y="66" width="124" height="30" rx="4" fill="#fff" stroke={fg} strokeWidth="3" />
      <path d="M146 74h50v6h-50zM146 86h30v4h-30z" fill="#0f172a" />
      <text x="254" y="90" fontSize="18" fontWeight="800" textAnchor="end" fill="#0f172a">
        10
      </text>
      <CardArt name={name} category="Trading Cards" x={142} y={104} w={116} h={164} />
    </g>
  ),
  // A sealed booster box with its lid and packs peeking out.
  box: ({ fg, bg }) => (
    <g {...INK}>
      <path d="M110 130 L200 96 L290 130 L200 164 Z" fill={fg} />
      <path d="M110 130 V236 L200 270 V164 Z" fill={bg} />
      <path d="M290 130 V236 L200 270 V164 Z" fill={fg} opacity="0.8" />
      <path d="M136 150 L176 165 V215 L136 200 Z" fill="#fde68a" />
      <path d="M224 165 L264 150 V200 L224 215 Z" fill="#fff" opacity="0.6" />
    </g>
  ),
  // A comic cover: masthead, price box and the hero leaping out.
  comic: ({ fg, name }) => (
    <g {...INK}>
      <rect x="120" y="50" width="160" height="236" rx="4" fill="#fff" />
      <rect x="120" y="50" width="160" height="44" fill={fg} />
      <rect x="128" y="58" width="30" height="28" fill="#fff" strokeWidth="2" />
      <CardArt name={name} category="Comics" x={128} y={100} w={144} h={178} />
    </g>
  ),
  // A figure on a round pedestal.
  figure: ({ fg, bg }) => (
    <g>
      <ellipse cx="200" cy="258" rx="74" ry="16" fill={fg} opacity="0.55" />
      <circle cx="200" cy="98" r="30" fill={fg} />
      <path d="M158 250 L166 150 Q200 128 234 150 L242 250 Z" fill={fg} opacity="0.9" />
      <path
        d="M166 156 L128 208 M234 156 L272 208"
        stroke={fg}
        strokeWidth="16"
        strokeLinecap="round"
      />
      <rect x="186" y="150" width="28" height="60" rx="6" fill={bg} opacity="0.5" />
    </g>
  ),
  // A vintage carded figure: a backing card with a hang hole and a bubble.
  carded: ({ fg, bg }) => (
    <g {...INK}>
      <rect x="130" y="50" width="140" height="236" rx="10" fill={fg} />
      <circle cx="200" cy="68" r="8" fill={bg} />
      <rect x="146" y="90" width="108" height="176" rx="24" fill="#fff" opacity="0.55" />
      <circle cx="200" cy="128" r="16" fill={bg} />
      <path d="M178 240 L184 150 H216 L222 240 Z" fill={bg} />
    </g>
  ),
  // A boxy robot with antenna and chest panel.
  robot: ({ fg, bg }) => (
    <g {...INK}>
      <path d="M200 62 V84" />
      <circle cx="200" cy="58" r="6" fill="#facc15" />
      <rect x="166" y="84" width="68" height="52" rx="8" fill={fg} />
      <rect x="178" y="100" width="44" height="14" rx="4" fill="#38bdf8" />
      <rect x="150" y="140" width="100" height="86" rx="10" fill={bg} />
      <rect x="176" y="156" width="48" height="34" rx="4" fill={fg} />
      <path d="M150 156 L122 210 M250 156 L278 210" strokeWidth="14" strokeLinecap="round" />
      <path d="M170 226 V276 H190 V226 M210 226 V276 H230 V226" fill={fg} />
    </g>
  ),
  // A minted coin with a star.
  coin: ({ fg, bg }) => (
    <g>
      <circle cx="200" cy="170" r="92" fill={fg} opacity="0.9" />
      <circle cx="200" cy="170" r="76" fill={bg} opacity="0.55" />
      <circle
        cx="200"
        cy="170"
        r="76"
        fill="none"
        stroke={fg}
        strokeWidth="4"
        strokeDasharray="4 7"
      />
      <path
        d="M200 118 L215 152 L252 155 L224 179 L233 215 L200 196 L167 215 L176 179 L148 155 L185 152 Z"
        fill={fg}
      />
    </g>
  ),
  // Enamel pins in a row, each a different shape.
  pins: ({ fg, bg }) => (
    <g {...INK}>
      <rect x="100" y="80" width="200" height="180" rx="14" fill={bg} opacity="0.6" />
      <circle cx="150" cy="130" r="30" fill={fg} />
      <path d="M250 100 L278 150 H222 Z" fill="#facc15" />
      <rect x="124" y="186" width="52" height="52" rx="8" fill="#f472b6" />
      <path d="M250 182 l10 22 24 2 -18 16 6 24 -22 -12 -22 12 6 -24 -18 -16 24 -2 Z" fill={fg} />
    </g>
  ),
  // A signed sheet: lines of text and a flourish of a signature.
  paper: ({ fg }) => (
    <g transform="rotate(4 200 170)">
      <rect x="124" y="56" width="152" height="224" rx="4" fill="#fefce8" {...INK} />
      <path
        d="M142 84h116M142 102h96M142 120h116M142 138h80M142 156h104"
        stroke="#94a3b8"
        strokeWidth="5"
      />
      <path
        d="M140 230 q20 -40 34 -6 t30 -8 q10 -30 24 4 t40 -10"
        fill="none"
        stroke={fg}
        strokeWidth="5"
        strokeLinecap="round"
      />
    </g>
  ),
  // A jersey with stripes and a number.
  jersey: ({ fg, bg }) => (
    <g {...INK}>
      <path
        d="M160 70 Q200 92 240 70 L292 98 L272 150 L250 140 V276 H150 V140 L128 150 L108 98 Z"
        fill={fg}
      />
      <path d="M150 240 H250 M150 252 H250" stroke={bg} strokeWidth="6" />
      <text
        x="200"
        y="200"
        fontSize="64"
        fontWeight="900"
        textAnchor="middle"
        fill={bg}
        stroke="none"
      >
        24
      </text>
    </g>
  ),
  // A baseball on a stand.
  ball: () => (
    <g>
      <path d="M160 270 L176 236 H224 L240 270 Z" fill="#94a3b8" {...INK} />
      <circle cx="200" cy="160" r="78" fill="#f8fafc" {...INK} />
      <path
        d="M150 104 Q180 160 150 216 M250 104 Q220 160 250 216"
        fill="none"
        stroke="#dc2626"
        strokeWidth="10"
        strokeDasharray="3 7"
      />
    </g>
  ),
  // A hockey puck with a signature.
  puck: ({ fg }) => (
    <g {...INK}>
      <ellipse cx="200" cy="196" rx="96" ry="34" fill="#0f172a" />
      <path d="M104 160 V196 A96 34 0 0 0 296 196 V160" fill="#1e293b" />
      <ellipse cx="200" cy="160" rx="96" ry="34" fill="#334155" />
      <path d="M140 160 q20 -20 34 0 t40 -4 q10 -20 30 4" fill="none" stroke={fg} strokeWidth="4" />
    </g>
  ),
  // A championship ring with a stone.
  ring: ({ fg }) => (
    <g {...INK}>
      <ellipse cx="200" cy="196" rx="70" ry="60" fill="none" strokeWidth="30" />
      <ellipse cx="200" cy="196" rx="70" ry="60" fill="none" stroke="#facc15" strokeWidth="22" />
      <rect x="150" y="92" width="100" height="70" rx="16" fill="#facc15" />
      <path d="M200 100 L232 127 L200 154 L168 127 Z" fill={fg} />
    </g>
  ),
  // A pair of stadium seats.
  seats: ({ fg, bg }) => (
    <g {...INK}>
      {[140, 260].map((x) => (
        <g key={x}>
          <rect x={x - 50} y="80" width="100" height="100" rx="14" fill={fg} />
          <path d={`M${x - 54} 190 H${x + 54} L${x + 44} 220 H${x - 44} Z`} fill={bg} />
          <path d={`M${x - 40} 220 V276 M${x + 40} 220 V276`} strokeWidth="8" />
        </g>
      ))}
    </g>
  ),
  // A prop hilt: a ridged metal cylinder with an emitter.
  hilt: ({ fg }) => (
    <g transform="rotate(-35 200 170)" {...INK}>
      <rect x="180" y="70" width="40" height="210" rx="6" fill="#cbd5e1" />
      <path d="M180 150h40M180 164h40M180 178h40M180 192h40" strokeWidth="3" />
      <rect x="172" y="60" width="56" height="26" rx="4" fill="#64748b" />
      <rect x="190" y="110" width="20" height="16" rx="3" fill={fg} />
    </g>
  ),
  // A display case with a slab inside.
  case: ({ fg, bg }) => (
    <g {...INK}>
      <rect x="100" y="70" width="200" height="210" rx="8" fill={bg} />
      <rect x="112" y="82" width="176" height="186" rx="4" fill="#e0f2fe" opacity="0.5" />
      <rect x="170" y="110" width="60" height="92" rx="6" fill="#e2e8f0" />
      <rect x="176" y="118" width="48" height="12" fill={fg} />
      <path d="M100 240 H300" />
    </g>
  ),
  // A trophy with a ribbon.
  trophy: ({ fg, bg }) => (
    <g>
      <path d="M148 82 H252 V124 Q252 184 200 188 Q148 184 148 124 Z" fill={fg} />
      <path
        d="M148 96 H120 Q118 140 156 150 M252 96 H280 Q282 140 244 150"
        fill="none"
        stroke={fg}
        strokeWidth="10"
      />
      <rect x="188" y="186" width="24" height="40" fill={fg} opacity="0.85" />
      <rect x="154" y="226" width="92" height="30" rx="6" fill={fg} />
      <rect x="170" y="234" width="60" height="12" rx="3" fill={bg} opacity="0.6" />
    </g>
  ),
} satisfies Record<string, Motif>;
type MotifName = keyof typeof MOTIFS;

/** Motifs a product's words ask for (the first match wins). */
const MOTIF_WORDS: [RegExp, MotifName][] = [
  [/booster|box|sealed pack|trainer/, "box"],
  [/display case|case\b/, "case"],
  [/gundam|optimus|robot|transformer/, "robot"],
  [/kenner|masters of the universe|carded|moc\b/, "carded"],
  [/coin|token/, "coin"],
  [/\bpins?\b/, "pins"],
  [/jersey/, "jersey"],
  [/baseball|ball\b/, "ball"],
  [/puck|hockey/, "puck"],
  [/\bring\b/, "ring"],
  [/seat/, "seats"],
  [/hilt|saber/, "hilt"],
  [/script|poster|sticker|page/, "paper"],
];

/** What each category draws when the name asks for nothing in particular. */
const CATEGORY_MOTIFS: Record<string, MotifName> = {
  "Trading Cards": "slab",
  Comics: "comic",
  Figurines: "figure",
  "Action Figures": "figure",
  "Vintage Toys": "carded",
  Collectibles: "coin",
  Memorabilia: "trophy",
};

/** The motif of a product: by its words, else by its category, else a coin. */
export function productMotif(name: string, category: string): MotifName {
  const words = name.toLowerCase();
  return MOTIF_WORDS.find(([re]) => re.test(words))?.[1] ?? CATEGORY_MOTIFS[category] ?? "coin";
}

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
 * Draws a product's placeholder art as a 400x400 SVG (docs/decisions/026-art-and-demo-shop.md): a
 * background in a hue seeded from the name, a motif the name's words or else its category
 * ask for (a slab showing the card's own figure, a booster box, a comic cover, a figure, a
 * carded vintage toy, a robot, a coin, pins, a signed page, a jersey, a ball, a puck, a ring,
 * seats, a prop hilt, a display case, a trophy), a frame in the rarity's colour and the name
 * as text. Deterministic: the same input always gives the same bytes. System fonts only; text
 * is escaped by React.
 */
export function productArtSvg({ name, category, rarity }: ProductArtInput): string {
  const hue = seededNumber(name, 360);
  const tilt = seededNumber(name, 90, "tilt");
  const frame = RARITY_FRAME[rarity] ?? DEFAULT_FRAME;
  const Motif = MOTIFS[productMotif(name, category)] as Motif;
  const sparkles = Array.from({ length: 14 }, (_, i) => {
    const x = 20 + seededNumber(name, 360, `x${i}`);
    const y = 20 + seededNumber(name, 250, `y${i}`);
    const r = 1 + seededNumber(name, 3, `r${i}`);
    return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
  }).join("");
  const lines = wrapLines(name, 22, 2);
  const firstLineY = lines.length === 1 ? 338 : 326;
  return renderSvg(
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
      role="img"
      fontFamily='ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif'
    >
      <title>{`${name}, ${category}, ${rarity}`}</title>
      <defs>
        <linearGradient id="bg" gradientTransform={`rotate(${tilt} 0.5 0.5)`}>
          <stop offset="0" stopColor={`hsl(${hue} 55% 30%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 40) % 360} 60% 14%)`} />
        </linearGradient>
        <linearGradient id="frame" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={frame.glow} />
          <stop offset="0.5" stopColor={frame.stroke} />
          <stop offset="1" stopColor={frame.glow} />
        </linearGradient>
        <clipPath id="inner">
          <rect x={FRAME} y={FRAME} width={SIZE - 2 * FRAME} height={SIZE - 2 * FRAME} rx="14" />
        </clipPath>
      </defs>
      <rect width={SIZE} height={SIZE} fill="url(#frame)" />
      <g clipPath="url(#inner)">
        <rect width={SIZE} height={SIZE} fill="url(#bg)" />
        <path d={sparkles} fill="#fff" opacity="0.35" />
        <Motif fg={`hsl(${hue} 80% 82%)`} bg={`hsl(${hue} 45% 22%)`} name={name} />
        <rect x="0" y="292" width={SIZE} height="108" fill="#000" opacity="0.45" />
        {lines.map((line, i) => (
          <text
            key={i}
            x="200"
            y={firstLineY + i * 28}
            textAnchor="middle"
            fontSize="24"
            fontWeight="700"
            fill="#fff"
          >
            {line}
          </text>
        ))}
        <text
          x="28"
          y="44"
          fontSize="15"
          fontWeight="600"
          fill="#fff"
          opacity="0.85"
          letterSpacing="1"
        >
          {category.toUpperCase()}
        </text>
      </g>
    </svg>,
  );
}
