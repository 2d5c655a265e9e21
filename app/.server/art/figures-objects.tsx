import { type Paint, outline } from "./figure-paint";
import { r1 } from "./svg";

/** A bloom of petals around a seeded heart. */
export function Flower({ p, n }: Paint) {
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
export function Gem({ p, n }: Paint) {
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
export function Ring({ p }: Paint) {
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
export function Hourglass({ p, n }: Paint) {
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
export function Bolt({ p, n }: Paint) {
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
export function Sigil({ p, n }: Paint) {
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
