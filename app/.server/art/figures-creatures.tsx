import { type Paint, starPath, Eye, outline } from "./figure-paint";
import { r1 } from "./svg";

/** A winged reptile: body, long neck, horned head, bat wings, a spiked tail. */
export function Dragon({ p, n }: Paint) {
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
export function Bird({ p, n }: Paint) {
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
export function Serpent({ p, n }: Paint) {
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
export function Spirit({ p, n }: Paint) {
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
export function Critter({ p, v, n }: Paint) {
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
export function Beast({ p, v, n }: Paint) {
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
