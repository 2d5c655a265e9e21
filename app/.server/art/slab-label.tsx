import { GRADER, GRADER_NAME, GRADER_NAMES, formatGrade, type SlabCard } from "~/lib/art/slab-card";
import { FittedText } from "./fitted-text";

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

const MONO = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace";

/** A barcode whose bars are read off the cert digits (decorative, but stable per cert). */
function Barcode({ cert, x, y }: { cert: string; x: number; y: number }) {
  let cursor = x;
  const bars = [...`${cert}${cert}`].map((digit) => {
    const width = 1 + (Number(digit) % 3);
    const bar = `M${cursor} ${y}h${width}v12h-${width}Z`;
    cursor += width + 1 + (Number(digit) % 2);
    return bar;
  });
  return <path d={bars.join("")} fill="#0f172a" />;
}

/**
 * The slab's label band (slab-art.tsx), 260 × 78 at (20, 20): grader, card name, category and
 * rarity, grade to one decimal with the grader's words, cert number and barcode, or "NO CERT"
 * for a card issued before grading. `frame` and `dark` are the rarity's colours.
 */
export function SlabLabel({ card, frame, dark }: { card: SlabCard; frame: string; dark: string }) {
  const grade = formatGrade(card.grade);
  const words = GRADE_WORDS[Math.floor(card.grade) - 1] ?? "";
  return (
    <>
      <rect
        x="20"
        y="20"
        width="260"
        height="78"
        rx="6"
        fill="#fff"
        stroke={frame}
        strokeWidth="2"
      />
      <rect x="28" y="28" width="40" height="20" rx="3" fill={dark} />
      <text
        x="48"
        y="43"
        fontSize="12"
        fontWeight="800"
        textAnchor="middle"
        fill="#fff"
        letterSpacing="1"
      >
        {card.grader ?? GRADER}
      </text>
      <FittedText x={76} y={42} size={14} maxWidth={128} fontWeight="700" fill="#0f172a">
        {card.name}
      </FittedText>
      <FittedText x={76} y={58} size={10} maxWidth={128} fill="#475569">
        {`${card.category} · ${card.rarity.toUpperCase()}`}
      </FittedText>
      <text x="272" y="56" fontSize="28" fontWeight="800" textAnchor="end" fill={dark}>
        {grade}
      </text>
      <text
        x="272"
        y="70"
        fontSize="9"
        fontWeight="700"
        textAnchor="end"
        fill="#475569"
        letterSpacing="0.5"
      >
        {words}
      </text>
      {card.cert ? <Barcode cert={card.cert} x={28} y={78} /> : null}
      <text x="272" y="89" fontSize="10" textAnchor="end" fill="#0f172a" fontFamily={MONO}>
        {card.grader && card.cert ? `${card.grader} ${card.cert}` : "NO CERT · ISSUED BEFORE"}
      </text>
      <text x="28" y="71" fontSize="7" fill="#64748b" letterSpacing="0.6">
        {(card.grader ? GRADER_NAMES[card.grader] : GRADER_NAME).toUpperCase()}
      </text>
    </>
  );
}
