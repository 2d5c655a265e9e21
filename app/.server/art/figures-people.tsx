import type { ReactElement } from "react";
import { type Paint, starPath, outline } from "./figure-paint";

/** A standing person: head, body and legs, dressed by variant. */
export function Figure({ p, v }: Paint) {
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
export function Athlete({ p, v }: Paint) {
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
export function Hero({ p, v }: Paint) {
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
