import { PACK_ART_HEIGHT, PACK_ART_WIDTH, PACK_TEAR_LINE, type PackTier } from "~/lib/art/pack-art";
import {
  CategoryPill,
  FoilDefs,
  Holo,
  NameLines,
  OUTLINE,
  PackPromise,
  PRINT_NAMES,
  RIDGES,
  TearLine,
  TierStamp,
  sparklePath,
} from "./pack-parts";
import { VAULT_FOIL, packTheme } from "./pack-themes";
import { SvgDocument, renderSvg, seededNumber, seededPick } from "./svg";

/** What the wrapper is drawn from: the pack's name, category and price tier. */
export type PackWrapper = { name: string; category: string; tier: PackTier };

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
  const print = seededPick(name, PRINT_NAMES, "print");
  const tilt = seededNumber(name, 25, "tilt") - 12;
  const emblemX = 150 + seededNumber(name, 31, "emblem-x") - 15;
  const foilAngle = seededNumber(name, 90, "foil-angle");
  const Emblem = theme.emblem;
  const edge = tier === "vault" ? "#fbbf24" : dark;
  return renderSvg(
    <SvgDocument width={PACK_ART_WIDTH} height={PACK_ART_HEIGHT}>
      <FoilDefs colours={[light, mid, dark]} angle={foilAngle} print={print} />
      <path d={OUTLINE} fill="url(#foil)" stroke={edge} strokeWidth={tier === "vault" ? 4 : 2} />
      <g clipPath="url(#body)">
        <rect width={PACK_ART_WIDTH} height={PACK_ART_HEIGHT} fill="url(#print)" />
        {tier !== "standard" && <Holo angle={foilAngle} />}
        <rect width={PACK_ART_WIDTH} height={PACK_ART_HEIGHT} fill="url(#edge)" />
        <path d={RIDGES} stroke="#000" strokeOpacity="0.18" strokeWidth="1.2" />
        <TearLine y={tearY} />
        <TierStamp tier={tier} />
        <CategoryPill category={category} />
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
        <PackPromise />
        <path d="M40 480 L150 0 L200 0 L90 480 Z" fill="url(#sheen)" opacity="0.55" />
      </g>
    </SvgDocument>,
  );
}
