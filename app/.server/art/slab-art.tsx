import { GRADER, SLAB_HEIGHT, SLAB_WIDTH, type SlabCard } from "~/lib/art/slab-card";
import type { CardRarity } from "~/lib/domain/rarity";
import { CardArt } from "./card-figure";
import { FittedText } from "./fitted-text";
import { SlabLabel } from "./slab-label";
import { SheenGradient, SvgDocument, renderSvg } from "./svg";

/** Frame, tint and ink per rarity (docs/design.md "Look and feel": common slate, uncommon green, rare blue, legendary amber). */
const RARITY_INK: Record<CardRarity, { frame: string; light: string; dark: string; mark: string }> =
  {
    common: { frame: "#64748b", light: "#e2e8f0", dark: "#334155", mark: "●" },
    uncommon: { frame: "#16a34a", light: "#dcfce7", dark: "#14532d", mark: "◆" },
    rare: { frame: "#2563eb", light: "#dbeafe", dark: "#1e3a8a", mark: "★" },
    legendary: { frame: "#d97706", light: "#fef3c7", dark: "#78350f", mark: "★" },
  };

/** The card inside the slab: its face, and the foil laid over a legendary one. */
const CARD_FACE = { x: "30", y: "108", width: "240", height: "352", rx: "10" } as const;

/** The slab's gradients: the clear case, the legendary foil and the diagonal shine. */
function SlabDefs() {
  return (
    <defs>
      <linearGradient id="case" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#f8fafc" />
        <stop offset="0.5" stopColor="#dfe5ee" />
        <stop offset="1" stopColor="#c3ccda" />
      </linearGradient>
      <linearGradient id="foil" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#f0abfc" />
        <stop offset="0.35" stopColor="#fde68a" />
        <stop offset="0.65" stopColor="#67e8f9" />
        <stop offset="1" stopColor="#a78bfa" />
      </linearGradient>
      <SheenGradient id="shine" peak={0.35} />
    </defs>
  );
}

/**
 * The SVG of a graded slab (docs/design.md "Look and feel"; docs/decisions/026-art-and-demo-shop.md): a
 * clear case with a rarity-coloured frame; a label band with grader, card name, category,
 * grade to one decimal, grade words, cert number and barcode; under it the card, whose picture
 * is the name's own design ({@link CardArt}). Deterministic: the same card always renders the
 * same bytes. Text is escaped by React; the input is trusted to be validated already
 * (routes/art.slab.ts).
 */
export function renderSlabSvg(card: SlabCard): string {
  const ink = RARITY_INK[card.rarity];
  const label = `${card.category.toUpperCase()} · ${card.rarity.toUpperCase()}`;
  return renderSvg(
    <SvgDocument width={SLAB_WIDTH} height={SLAB_HEIGHT}>
      <SlabDefs />
      <rect
        x="4"
        y="4"
        width="292"
        height="472"
        rx="18"
        fill="url(#case)"
        stroke={ink.frame}
        strokeWidth="6"
      />
      <rect
        x="13"
        y="13"
        width="274"
        height="454"
        rx="11"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.7"
        strokeWidth="2"
      />
      <SlabLabel card={card} frame={ink.frame} dark={ink.dark} />
      <rect {...CARD_FACE} fill={ink.light} stroke={ink.frame} strokeWidth="5" />
      <FittedText x={44} y={136} size={15} maxWidth={170} fontWeight="800" fill="#0f172a">
        {card.name}
      </FittedText>
      <text x="256" y="137" fontSize="16" textAnchor="end" fill={ink.frame}>
        {ink.mark}
      </text>
      <CardArt name={card.name} category={card.category} x={44} y={150} w={212} h={176} />
      <rect
        x="44"
        y="340"
        width="212"
        height="22"
        rx="4"
        fill="#fff"
        stroke={ink.frame}
        strokeWidth="1.5"
      />
      <FittedText
        x={150}
        y={355}
        size={10}
        maxWidth={200}
        fontWeight="700"
        textAnchor="middle"
        fill={ink.dark}
        letterSpacing="1"
      >
        {label}
      </FittedText>
      <path
        d="M48 374h156v8H48ZM48 390h196v8H48ZM48 406h116v8H48Z"
        fill="#0f172a"
        fillOpacity="0.15"
      />
      <text x="256" y="446" fontSize="8" textAnchor="end" fill="#334155">
        {`PackVault · ${GRADER} ${card.cert}`}
      </text>
      {card.rarity === "legendary" && (
        <rect {...CARD_FACE} fill="url(#foil)" opacity="0.35" style={{ mixBlendMode: "overlay" }} />
      )}
      <path d="M20 470 L120 10 L175 10 L75 470 Z" fill="url(#shine)" opacity="0.5" />
    </SvgDocument>,
  );
}
