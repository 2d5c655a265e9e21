import type { ReactElement } from "react";
import { r1, seededNumber, seededPick } from "./svg";

/**
 * The generated picture on a card (docs/decisions/026-art-and-demo-shop.md): a figure evocative of
 * the card's name (a winged reptile for a fire name, a flower for a lotus, a batter for a
 * baseball card), a palette from the name's element, and a composition (backdrop, size,
 * placement, facing), all picked from the name's hash so the same name always draws the same
 * card. The figures are our own generic silhouettes: no character's look is copied.
 */

/** Colours of one palette: sky (light, dark), body, accent and ink (outlines). */
export type Palette = {
  id: string;
  sky: [string, string];
  body: string;
  accent: string;
  ink: string;
};

const P = (id: string, light: string, dark: string, body: string, accent: string, ink: string) =>
  ({ id, sky: [light, dark], body, accent, ink }) satisfies Palette;

/** Palettes grouped by the element a name evokes; a name outside every element may get any. */
const PALETTES = {
  fire: [
    P("ember", "#fde68a", "#b91c1c", "#f97316", "#fde047", "#450a0a"),
    P("magma", "#fecaca", "#7f1d1d", "#dc2626", "#fb923c", "#3f0d0d"),
    P("sunset", "#fed7aa", "#9a3412", "#ea580c", "#facc15", "#431407"),
  ],
  water: [
    P("lagoon", "#cffafe", "#0e7490", "#0891b2", "#a5f3fc", "#083344"),
    P("deep", "#bfdbfe", "#1e3a8a", "#2563eb", "#93c5fd", "#172554"),
    P("ice", "#f0f9ff", "#0369a1", "#7dd3fc", "#e0f2fe", "#0c4a6e"),
  ],
  nature: [
    P("forest", "#dcfce7", "#166534", "#16a34a", "#bef264", "#052e16"),
    P("moss", "#ecfccb", "#3f6212", "#65a30d", "#fde047", "#1a2e05"),
    P("bloom", "#fce7f3", "#9d174d", "#db2777", "#a3e635", "#500724"),
  ],
  shadow: [
    P("dusk", "#e9d5ff", "#3b0764", "#7c3aed", "#f0abfc", "#1e1b4b"),
    P("night", "#c7d2fe", "#0f172a", "#334155", "#f43f5e", "#020617"),
    P("void", "#f5d0fe", "#4a044e", "#a21caf", "#fde047", "#2e1065"),
  ],
  sky: [
    P("dawn", "#fef9c3", "#0ea5e9", "#f8fafc", "#fbbf24", "#0c4a6e"),
    P("storm", "#e2e8f0", "#334155", "#94a3b8", "#facc15", "#0f172a"),
  ],
  metal: [
    P("gilded", "#fef3c7", "#78350f", "#d97706", "#fef08a", "#451a03"),
    P("steel", "#f1f5f9", "#475569", "#64748b", "#38bdf8", "#0f172a"),
  ],
} satisfies Record<string, Palette[]>;
type Element = keyof typeof PALETTES;
const ALL_PALETTES: Palette[] = Object.values(PALETTES).flat();

/** The element a name evokes, by its words (the first match wins). */
const ELEMENT_WORDS: [RegExp, Element][] = [
  [/gengar|vampire|sengir|vader|palpatine|emperor|black|shadow|dark|mew|death|ghost/, "shadow"],
  [/char|fire|flame|blaze|ruby|shivan|dragon|magma|red/, "fire"],
  [/wart|blast|sapphire|aqua|sea|wave|counter|ice|recall/, "water"],
  [/ivy|venu|elves|elf|leaf|lotus|cater|forest|yoda/, "nature"],
  [/pidg|lugia|angel|serra|wing|sky|bird|bolt|lightning|storm/, "sky"],
  [/ring|mox|sol |time|gold|chrome|prizm|refractor|optic|trooper|patch/, "metal"],
];

/** What is drawn: a kind of figure and, for people and creatures, its variant. */
export type FigureKind =
  | "dragon"
  | "bird"
  | "serpent"
  | "spirit"
  | "critter"
  | "beast"
  | "flower"
  | "gem"
  | "ring"
  | "hourglass"
  | "bolt"
  | "sigil"
  | "figure"
  | "athlete"
  | "hero";

/** Figures a name's words ask for (the first match wins); else the category's defaults. */
const KIND_WORDS: [RegExp, FigureKind, string?][] = [
  [/dragon|char|shivan|blaze|flame/, "dragon"],
  [/lugia|pidg|bird|wing/, "bird"],
  [/angel|serra/, "figure", "winged"],
  [/wart|blast|serpent|wave/, "serpent"],
  [/gengar|ghost|vampire|sengir|spirit|mew/, "spirit"],
  [/lotus|ivy|venu|bloom|flower/, "flower"],
  [/mox|gem|jewel/, "gem"],
  [/ring/, "ring"],
  [/time|hour/, "hourglass"],
  [/bolt|lightning|thunder/, "bolt"],
  [/counter|recall|spell|ancestral/, "sigil"],
  [/elves|elf|llanowar/, "figure", "archer"],
  [/vader|emperor|palpatine|kenobi|sith|lord/, "figure", "robed"],
  [/trooper|fett|armou?r|knight/, "figure", "armored"],
  [/yoda|jawa|hermit|sage/, "figure", "hooded"],
  [/gretzky|hockey/, "athlete", "skater"],
  [/brady|mahomes|football/, "athlete", "thrower"],
  // Basketball stars and card lines, also on a shop product filed under "Trading Cards".
  [/jordan|doncic|lebron|fleer|prizm/, "athlete", "dunker"],
];

/** What each category draws when the name asks for nothing in particular. */
const CATEGORY_KINDS: Record<string, [FigureKind, string[]]> = {
  pokemon: ["critter", ["round", "pointy", "long"]],
  "trading cards": ["critter", ["round", "pointy", "long"]],
  mtg: ["beast", ["horned", "maned", "tusked"]],
  sports: ["athlete", ["batter", "pitcher"]],
  basketball: ["athlete", ["dunker", "shooter"]],
  comics: ["hero", ["caped", "masked", "winged"]],
  "star wars": ["figure", ["pilot", "adventurer", "hooded"]],
};
const OTHER_KINDS: [FigureKind, string[]] = ["beast", ["horned", "maned"]];

/** Backdrops behind the figure. */
const BACKDROPS = ["rays", "rings", "horizon", "stars", "dots"] as const;

/** Everything that tells one card's design from another's. */
export type CardDesign = {
  kind: FigureKind;
  variant: string;
  palette: Palette;
  backdrop: (typeof BACKDROPS)[number];
  /** Figure size, 0.85-1.15 of the window. */
  scale: number;
  /** Horizontal offset of the figure in window units (-12..12). */
  shift: number;
  mirrored: boolean;
};

/** The design of a card named `name` in `category`: a pure function of both. */
export function cardDesign(name: string, category: string): CardDesign {
  const words = name.toLowerCase();
  const element = ELEMENT_WORDS.find(([re]) => re.test(words))?.[1];
  const palette = element
    ? seededPick(name, PALETTES[element], "palette")
    : seededPick(name, ALL_PALETTES, "palette");
  const asked = KIND_WORDS.find(([re]) => re.test(words));
  const [defaultKind, variants] = CATEGORY_KINDS[category.trim().toLowerCase()] ?? OTHER_KINDS;
  const kind = asked?.[1] ?? defaultKind;
  const variant = asked?.[2] ?? seededPick(name, asked ? ["a", "b"] : variants, "variant");
  return {
    kind,
    variant,
    palette,
    backdrop: seededPick(name, BACKDROPS, "backdrop"),
    scale: 0.85 + seededNumber(name, 31, "scale") / 100,
    shift: seededNumber(name, 25, "shift") - 12,
    mirrored: seededNumber(name, 2, "mirror") === 1,
  };
}

type Paint = { p: Palette; v: string; n: (salt: string, modulo: number) => number };

const outline = (p: Palette) => ({
  stroke: p.ink,
  strokeWidth: 2,
  strokeLinejoin: "round" as const,
});

/** A few points as an SVG path ("M x y L x y ... Z"). */
function poly(points: [number, number][], close = true): string {
  const [first, ...rest] = points.map(([x, y]) => `${r1(x)} ${r1(y)}`);
  return `M${first} ${rest.map((pt) => `L${pt}`).join(" ")}${close ? " Z" : ""}`;
}

/** A star polygon of `tips` tips around (0, 0). */
export function starPath(outer: number, inner: number, tips: number, turn = 0): string {
  return poly(
    Array.from({ length: tips * 2 }, (_, i) => {
      const radius = i % 2 ? inner : outer;
      const angle = ((turn + (i * 180) / tips) * Math.PI) / 180;
      return [radius * Math.sin(angle), -radius * Math.cos(angle)];
    }),
  );
}

const Eye = ({ x, y, r, p }: { x: number; y: number; r: number; p: Palette }) => (
  <>
    <circle cx={x} cy={y} r={r} fill={p.ink} />
    <circle cx={r1(x + r * 0.35)} cy={r1(y - r * 0.35)} r={r1(r * 0.4)} fill="#fff" />
  </>
);

/** A winged reptile: body, long neck, horned head, bat wings, a spiked tail. */
function Dragon({ p, n }: Paint) {
  const span = 36 + n("span", 10);
  const neck = n("neck", 8);
  return (
    <g {...outline(p)}>
      <path d={`M-4 -4 L${-span} ${-span - 4} L-22 -14 L-30 -6 L-16 -6 L-18 2 Z`} fill={p.accent} />
      <path d="M-20 14 Q-40 30 -46 18 L-52 22 L-48 10 Q-44 20 -28 6 Z" fill={p.body} />
      <ellipse cx="0" cy="10" rx="24" ry="15" fill={p.body} />
      <path
        d={`M10 2 Q${16 + neck} -14 ${20 + neck} -26 L${30 + neck} -22 Q${24 + neck} -6 20 10 Z`}
        fill={p.body}
      />
      <path
        d={`M${14 + neck} -34 L${36 + neck} -28 L${38 + neck} -20 L${18 + neck} -18 Z`}
        fill={p.body}
      />
      <path d={`M${18 + neck} -33 L${12 + neck} -44 L${24 + neck} -34`} fill={p.accent} />
      <circle cx={26 + neck} cy={-28} r="2.2" fill={p.ink} />
      <path
        d={`M4 -2 L${span - 6} ${-span} L30 -10 L22 -4 L18 4 Z`}
        fill={p.accent}
        opacity="0.9"
      />
      <path d="M-14 22 L-16 36 L-8 36 L-6 22 M8 22 L8 36 L16 36 L16 22" fill={p.body} />
      <path d="M-10 12 Q0 20 12 12" fill="none" stroke={p.accent} />
    </g>
  );
}

/** A bird with spread wings and a fanned tail. */
function Bird({ p, n }: Paint) {
  const lift = 30 + n("lift", 14);
  return (
    <g {...outline(p)}>
      <path d="M-8 16 L-22 38 L-8 32 L-2 40 L4 30 Z" fill={p.accent} />
      <path
        d={`M-6 0 Q-30 ${-lift} -50 ${-lift + 6} Q-34 -4 -30 10 Q-18 6 -8 12 Z`}
        fill={p.body}
      />
      <path d={`M6 0 Q30 ${-lift} 50 ${-lift + 6} Q34 -4 30 10 Q18 6 8 12 Z`} fill={p.body} />
      <ellipse cx="0" cy="8" rx="14" ry="18" fill={p.body} />
      <circle cx="0" cy="-16" r="11" fill={p.body} />
      <path d="M-4 -12 L0 -2 L4 -12 Z" fill={p.accent} />
      <Eye x={-4.5} y={-18} r={2.2} p={p} />
      <Eye x={4.5} y={-18} r={2.2} p={p} />
      <path d="M-6 8 Q0 14 6 8 M-5 16 Q0 21 5 16" fill="none" stroke={p.accent} />
    </g>
  );
}

/** A sea serpent coiling out of the waves, finned along its back. */
function Serpent({ p, n }: Paint) {
  const coil = 14 + n("coil", 10);
  const spine = `M-44 30 Q-30 ${-coil} -10 10 Q8 ${30 + coil / 2} 20 -8 Q26 -24 18 -32`;
  return (
    <g>
      <path d={spine} fill="none" stroke={p.ink} strokeWidth="17" strokeLinecap="round" />
      <path d={spine} fill="none" stroke={p.body} strokeWidth="13" strokeLinecap="round" />
      <path d={spine} fill="none" stroke={p.accent} strokeWidth="3" strokeDasharray="3 6" />
      <g {...outline(p)}>
        <path d="M10 -34 Q20 -46 34 -36 L38 -28 L22 -26 Z" fill={p.body} />
        <path d="M-30 6 L-26 -10 L-20 2 M-4 22 L2 8 L6 24" fill={p.accent} />
      </g>
      <Eye x={26} y={-36} r={2.4} p={p} />
      <path
        d="M-56 40 Q-46 32 -36 40 T-16 40 T4 40 T24 40 T44 40 T64 40 V52 H-56 Z"
        fill={p.accent}
        opacity="0.85"
      />
    </g>
  );
}

/** A ghostly spirit with a wavy hem, slanted eyes and a grin, in a faint aura. */
function Spirit({ p, n }: Paint) {
  const hem = 4 + n("hem", 3);
  const wave = Array.from({ length: hem }, (_, i) => {
    const x = 28 - ((i + 1) * 56) / hem;
    return `Q${r1(x + 28 / hem)} ${i % 2 ? 30 : 44} ${r1(x)} 36`;
  }).join(" ");
  return (
    <g>
      <circle cx="0" cy="0" r="46" fill={p.accent} opacity="0.25" />
      <path
        d={`M-28 36 V-6 Q-28 -40 0 -40 Q28 -40 28 -6 V36 ${wave} Z`}
        fill={p.body}
        {...outline(p)}
      />
      <path d="M-18 -14 L-6 -8 L-16 -4 Z M18 -14 L6 -8 L16 -4 Z" fill={p.accent} />
      <path
        d="M-14 8 Q0 20 14 8 L8 12 L4 8 L0 13 L-4 8 L-8 12 Z"
        fill="#fff"
        stroke={p.ink}
        strokeWidth="1.5"
      />
      <path d="M-28 4 L-40 -8 M28 4 L40 -10" stroke={p.ink} strokeWidth="6" strokeLinecap="round" />
    </g>
  );
}

/** A small round critter: big eyes, ears by variant, a tail. */
function Critter({ p, v, n }: Paint) {
  const ears =
    v === "round" ? (
      <path d="M-20 -16 a9 9 0 1 1 10 -8 M20 -16 a9 9 0 1 0 -10 -8" fill={p.body} />
    ) : v === "pointy" ? (
      <path d="M-18 -12 L-22 -42 L-4 -20 Z M18 -12 L22 -42 L4 -20 Z" fill={p.body} />
    ) : (
      <path
        d="M-10 -18 Q-26 -56 -16 -58 Q-4 -40 -2 -20 Z M10 -18 Q26 -56 16 -58 Q4 -40 2 -20 Z"
        fill={p.body}
      />
    );
  const tail = n("tail", 2) ? "M20 12 Q42 8 38 -10 Q32 -4 26 2" : "M20 14 L34 8 L30 0 L44 -6";
  return (
    <g {...outline(p)}>
      <path d={tail} fill="none" stroke={p.ink} strokeWidth="6" strokeLinecap="round" />
      <path d={tail} fill="none" stroke={p.accent} strokeWidth="3" strokeLinecap="round" />
      {ears}
      <ellipse cx="-11" cy="30" rx="8" ry="5" fill={p.body} />
      <ellipse cx="11" cy="30" rx="8" ry="5" fill={p.body} />
      <circle cx="0" cy="6" r="25" fill={p.body} />
      <ellipse cx="0" cy="16" rx="14" ry="11" fill={p.accent} stroke="none" />
      <Eye x={-9} y={0} r={4.5} p={p} />
      <Eye x={9} y={0} r={4.5} p={p} />
      <path d="M-4 10 Q0 14 4 10" fill="none" />
    </g>
  );
}

/** A four-legged beast; horns, a mane or tusks by variant. */
function Beast({ p, v, n }: Paint) {
  const stride = n("stride", 6);
  const crest =
    v === "horned" ? (
      <path
        d="M22 -26 Q18 -44 6 -48 Q16 -38 14 -24 Z M34 -26 Q40 -44 52 -46 Q42 -36 40 -22 Z"
        fill={p.accent}
      />
    ) : v === "maned" ? (
      <path d={starPath(22, 14, 9)} transform="translate(30 -14)" fill={p.accent} />
    ) : (
      <path d="M36 -2 Q44 8 36 14 Q40 6 30 2 Z" fill="#fff" />
    );
  return (
    <g {...outline(p)}>
      <path d="M-30 -4 Q-46 -10 -44 -26" fill="none" stroke={p.ink} strokeWidth="4" />
      <path
        d={`M-26 10 L${-30 - stride} 36 L${-22 - stride} 36 L-16 14 M14 12 L${18 + stride} 36 L${26 + stride} 36 L22 10`}
        fill={p.body}
      />
      <ellipse cx="-2" cy="2" rx="32" ry="16" fill={p.body} />
      {v === "maned" && crest}
      <circle cx="30" cy="-14" r="14" fill={p.body} />
      {v !== "maned" && crest}
      <Eye x={35} y={-17} r={2.6} p={p} />
      <path d="M-20 -6 Q-2 -14 14 -6" fill="none" stroke={p.accent} strokeWidth="3" />
    </g>
  );
}

/** A bloom of petals around a seeded heart. */
function Flower({ p, n }: Paint) {
  const petals = 5 + n("petals", 4);
  return (
    <g {...outline(p)}>
      <path d="M0 20 Q-6 36 0 48 M0 34 Q14 26 22 32 Q12 40 0 38" fill={p.accent} stroke={p.ink} />
      {Array.from({ length: petals }, (_, i) => (
        <ellipse
          key={i}
          cx="0"
          cy="-20"
          rx="10"
          ry="22"
          fill={i % 2 ? p.body : p.accent}
          transform={`rotate(${r1((i * 360) / petals)})`}
        />
      ))}
      <circle cx="0" cy="0" r="11" fill={p.sky[0]} />
      <circle cx="0" cy="0" r="5" fill={p.ink} />
    </g>
  );
}

/** A cut gem on a small setting, its facets drawn. */
function Gem({ p, n }: Paint) {
  const w = 26 + n("width", 8);
  return (
    <g {...outline(p)}>
      <path d={`M${-w} -8 L${-w / 2} -30 L${w / 2} -30 L${w} -8 L0 36 Z`} fill={p.body} />
      <path
        d={`M${-w} -8 H${w} M${-w / 2} -30 L-8 -8 L0 36 L8 -8 L${w / 2} -30 M-8 -8 L0 -30 L8 -8`}
        fill="none"
      />
      <path
        d={`M${-w / 2 + 4} -26 L-12 -10 L${-w + 6} -10 Z`}
        fill="#fff"
        opacity="0.55"
        stroke="none"
      />
      <path d="M-40 42 H40" stroke={p.accent} strokeWidth="5" strokeLinecap="round" />
    </g>
  );
}

/** A band ring with a stone, glowing. */
function Ring({ p }: Paint) {
  return (
    <g {...outline(p)}>
      <circle cx="0" cy="0" r="44" fill={p.accent} opacity="0.3" stroke="none" />
      <ellipse cx="0" cy="10" rx="30" ry="26" fill="none" stroke={p.ink} strokeWidth="14" />
      <ellipse cx="0" cy="10" rx="30" ry="26" fill="none" stroke={p.body} strokeWidth="9" />
      <path d="M-12 -18 L0 -34 L12 -18 L0 -10 Z" fill={p.accent} />
    </g>
  );
}

/** An hourglass in a frame, sand running. */
function Hourglass({ p, n }: Paint) {
  const sand = 6 + n("sand", 14);
  return (
    <g {...outline(p)}>
      <rect x="-30" y="-44" width="60" height="8" rx="3" fill={p.body} />
      <rect x="-30" y="36" width="60" height="8" rx="3" fill={p.body} />
      <path
        d="M-22 -36 Q-22 -6 -3 0 Q-22 6 -22 36 H22 Q22 6 3 0 Q22 -6 22 -36 Z"
        fill={p.sky[0]}
        opacity="0.8"
      />
      <path
        d={`M-12 ${-36 + sand} H12 L2 -2 H-2 Z M-16 36 Q0 ${36 - sand * 1.4} 16 36 Z`}
        fill={p.accent}
      />
      <path d="M-26 -36 V36 M26 -36 V36" stroke={p.body} strokeWidth="5" />
    </g>
  );
}

/** A forked lightning bolt in a glow. */
function Bolt({ p, n }: Paint) {
  const lean = n("lean", 12) - 6;
  return (
    <g transform={`rotate(${lean})`}>
      <circle cx="0" cy="0" r="42" fill={p.accent} opacity="0.35" />
      <path
        d="M6 -48 L-20 4 L-2 4 L-12 48 L24 -10 L6 -10 L18 -48 Z"
        fill={p.accent}
        {...outline(p)}
      />
      <path d="M-2 4 L-24 22 M20 -4 L36 6" stroke={p.accent} strokeWidth="3" />
    </g>
  );
}

/** A round sigil: circles, runes and a spiral. */
function Sigil({ p, n }: Paint) {
  const runes = 6 + n("runes", 5);
  return (
    <g fill="none" stroke={p.accent} strokeWidth="3">
      <circle cx="0" cy="0" r="42" stroke={p.ink} strokeWidth="6" />
      <circle cx="0" cy="0" r="42" />
      <circle cx="0" cy="0" r="30" strokeDasharray="4 5" />
      {Array.from({ length: runes }, (_, i) => (
        <path key={i} d="M0 -40 L4 -34 L-3 -32" transform={`rotate(${r1((i * 360) / runes)})`} />
      ))}
      <path
        d="M0 0 a4 4 0 0 1 8 0 a8 8 0 0 1 -16 0 a12 12 0 0 1 24 0 a16 16 0 0 1 -32 0"
        stroke={p.body}
        strokeWidth="4"
      />
    </g>
  );
}

/** A standing person: head, body and legs, dressed by variant. */
function Figure({ p, v }: Paint) {
  const robe = v === "robed" || v === "hooded";
  return (
    <g {...outline(p)}>
      {v === "winged" && (
        <path
          d="M-6 -14 Q-48 -40 -46 4 Q-30 -8 -10 0 Z M6 -14 Q48 -40 46 4 Q30 -8 10 0 Z"
          fill="#fff"
        />
      )}
      {robe && <path d="M-14 -16 L-28 44 H28 L14 -16 Z" fill={v === "hooded" ? p.body : p.ink} />}
      {!robe && <path d="M-9 10 L-12 44 H-3 L0 18 L3 44 H12 L9 10 Z" fill={p.ink} />}
      <path d="M-14 -16 Q0 -22 14 -16 L12 14 H-12 Z" fill={v === "armored" ? "#f8fafc" : p.body} />
      <circle cx="0" cy="-28" r="10" fill={v === "robed" ? p.ink : "#fcd9b6"} />
      {v === "hooded" && (
        <path d="M-14 -22 Q-14 -44 0 -44 Q14 -44 14 -22 L8 -30 H-8 Z" fill={p.body} />
      )}
      {v === "hooded" && (
        <>
          <circle cx="-4" cy="-26" r="1.8" fill={p.accent} stroke="none" />
          <circle cx="4" cy="-26" r="1.8" fill={p.accent} stroke="none" />
        </>
      )}
      {v === "robed" && <path d="M-12 -26 Q-12 -44 0 -44 Q12 -44 12 -26 Z" fill={p.body} />}
      {v === "armored" && (
        <path
          d="M-20 -18 H-8 V-8 H-20 Z M8 -18 H20 V-8 H8 Z M-9 -32 H9 V-26 H-9 Z"
          fill={p.accent}
        />
      )}
      {v === "pilot" && (
        <path d="M-10 -34 Q0 -44 10 -34 L10 -30 H-10 Z M-14 -14 L14 12" fill={p.accent} />
      )}
      {v === "adventurer" && (
        <path d="M-14 -14 L12 12 M-6 -4 L-22 20 L-18 24 L-2 2" fill={p.accent} stroke={p.ink} />
      )}
      {v === "archer" && (
        <path d="M22 -34 Q40 0 22 34 M22 -34 V34" fill="none" stroke={p.accent} strokeWidth="3" />
      )}
      {(v === "robed" || v === "hooded") && (
        <path d="M16 -2 L40 -40" stroke={p.accent} strokeWidth="4" strokeLinecap="round" />
      )}
      <path
        d="M-14 -14 L-22 8 M14 -14 L20 6"
        stroke={p.ink}
        strokeWidth="5"
        strokeLinecap="round"
      />
    </g>
  );
}

/** An athlete in action: batter, pitcher, thrower, skater, dunker or shooter. */
function Athlete({ p, v }: Paint) {
  const gear: Record<string, ReactElement> = {
    batter: <path d="M8 -22 L40 -46" stroke="#b45309" strokeWidth="5" strokeLinecap="round" />,
    pitcher: <circle cx="30" cy="-36" r="5" fill="#fff" />,
    thrower: (
      <ellipse cx="28" cy="-38" rx="9" ry="5.5" fill="#92400e" transform="rotate(-30 28 -38)" />
    ),
    skater: <path d="M-18 -6 L-30 40 H-14" fill="none" stroke={p.ink} strokeWidth="4" />,
    dunker: (
      <>
        <circle cx="26" cy="-36" r="7" fill="#ea580c" />
        <path d="M14 -44 H42" stroke={p.accent} strokeWidth="3" />
      </>
    ),
    shooter: <circle cx="10" cy="-44" r="7" fill="#ea580c" />,
  };
  const leap = v === "dunker" ? -4 : 0;
  return (
    <g transform={`translate(0 ${leap})`} {...outline(p)}>
      <path d="M-6 10 L-22 42 L-14 44 L0 18 L10 44 L18 42 L8 10 Z" fill={p.ink} />
      <path d="M-12 -16 Q0 -22 12 -16 L10 12 H-10 Z" fill={p.body} />
      <path d="M-11 -6 H11 M-10 0 H10" stroke={p.accent} strokeWidth="3" />
      <circle cx="0" cy="-28" r="9" fill="#c08457" />
      <path d="M-9 -30 Q0 -42 9 -30 Z" fill={p.accent} />
      <path
        d="M12 -14 L26 -32 M-12 -14 L-24 2"
        stroke="#c08457"
        strokeWidth="5"
        strokeLinecap="round"
      />
      {gear[v]}
    </g>
  );
}

/** A caped comic hero leaping out of a burst. */
function Hero({ p, v }: Paint) {
  return (
    <g {...outline(p)}>
      <path d={starPath(50, 34, 12)} fill={p.accent} opacity="0.6" />
      {v !== "masked" && (
        <path
          d="M-12 -18 Q-40 10 -34 44 L0 20 L34 44 Q40 10 12 -18 Z"
          fill={v === "winged" ? "#fff" : p.ink}
        />
      )}
      <path d="M-8 10 L-20 40 H-10 L0 20 L10 40 H20 L8 10 Z" fill={p.ink} />
      <path d="M-14 -18 Q0 -24 14 -18 L10 12 H-10 Z" fill={p.body} />
      <path d={starPath(7, 3, 5)} transform="translate(0 -6)" fill={p.accent} />
      <path
        d="M-14 -16 L-30 -40 M14 -16 L26 4"
        stroke={p.body}
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="0" cy="-30" r="9" fill="#fcd9b6" />
      <path d="M-9 -32 H9 V-28 H-9 Z" fill={p.ink} />
    </g>
  );
}

const FIGURES: Record<FigureKind, (paint: Paint) => ReactElement> = {
  dragon: Dragon,
  bird: Bird,
  serpent: Serpent,
  spirit: Spirit,
  critter: Critter,
  beast: Beast,
  flower: Flower,
  gem: Gem,
  ring: Ring,
  hourglass: Hourglass,
  bolt: Bolt,
  sigil: Sigil,
  figure: Figure,
  athlete: Athlete,
  hero: Hero,
};

/** The backdrop of a `w` x `h` window, behind the figure. */
function Backdrop({
  kind,
  p,
  w,
  h,
}: {
  kind: CardDesign["backdrop"];
  p: Palette;
  w: number;
  h: number;
}) {
  const cx = w / 2;
  const cy = h / 2;
  switch (kind) {
    case "rays":
      return (
        <g fill="#fff" opacity="0.2">
          {Array.from({ length: 12 }, (_, i) => (
            <path
              key={i}
              d={`M${cx} ${cy} l-14 -${w} h28 Z`}
              transform={`rotate(${i * 30} ${cx} ${cy})`}
            />
          ))}
        </g>
      );
    case "rings":
      return (
        <g fill="none" stroke="#fff" opacity="0.25" strokeWidth="6">
          {[30, 60, 90, 120].map((radius) => (
            <circle key={radius} cx={cx} cy={cy} r={radius} />
          ))}
        </g>
      );
    case "horizon":
      return (
        <>
          <circle cx={cx + w / 4} cy={h * 0.42} r={h / 6} fill={p.accent} opacity="0.7" />
          <path
            d={`M0 ${h * 0.72} L${w * 0.25} ${h * 0.55} L${w * 0.45} ${h * 0.68} L${w * 0.7} ${h * 0.5} L${w} ${h * 0.7} V${h} H0 Z`}
            fill={p.ink}
            opacity="0.35"
          />
        </>
      );
    case "stars":
      return (
        <g fill="#fff" opacity="0.7">
          {[
            [0.12, 0.2],
            [0.3, 0.1],
            [0.82, 0.16],
            [0.9, 0.5],
            [0.16, 0.7],
            [0.7, 0.86],
            [0.5, 0.08],
          ].map(([x, y], i) => (
            <path
              key={i}
              d={starPath(4 + (i % 3) * 2, 1.2, 4)}
              transform={`translate(${r1(x! * w)} ${r1(y! * h)})`}
            />
          ))}
        </g>
      );
    case "dots":
      return (
        <>
          <defs>
            <pattern id="halftone" width="10" height="10" patternUnits="userSpaceOnUse">
              <circle cx="5" cy="5" r="2" fill="#fff" opacity="0.35" />
            </pattern>
          </defs>
          <rect width={w} height={h} fill="url(#halftone)" />
        </>
      );
  }
}

/**
 * The card's picture in a `w` x `h` window at (x, y): sky gradient, backdrop and figure.
 * Uses the gradient id "sky", so one document holds one CardArt.
 */
export function CardArt({
  name,
  category,
  x,
  y,
  w,
  h,
}: {
  name: string;
  category: string;
  x: number;
  y: number;
  w: number;
  h: number;
}) {
  const design = cardDesign(name, category);
  const { palette: p } = design;
  const Draw = FIGURES[design.kind];
  const scale = r1((Math.min(w, h) / 100) * design.scale * 10) / 10;
  const facing = design.mirrored ? -1 : 1;
  return (
    <g transform={`translate(${x} ${y})`}>
      <defs>
        <radialGradient id="sky" cx="0.5" cy="0.4" r="0.8">
          <stop offset="0" stopColor={p.sky[0]} />
          <stop offset="1" stopColor={p.sky[1]} />
        </radialGradient>
        <clipPath id="window">
          <rect width={w} height={h} rx="4" />
        </clipPath>
      </defs>
      <rect width={w} height={h} rx="4" fill="url(#sky)" stroke={p.ink} strokeWidth="2" />
      <g clipPath="url(#window)">
        <Backdrop kind={design.backdrop} p={p} w={w} h={h} />
        <g
          transform={`translate(${r1(w / 2 + design.shift)} ${r1(h / 2 + 4)}) scale(${scale * facing} ${scale})`}
        >
          <Draw p={p} v={design.variant} n={(salt, modulo) => seededNumber(name, modulo, salt)} />
        </g>
      </g>
    </g>
  );
}
