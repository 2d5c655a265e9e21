import { rarityLabel } from "~/lib/domain/rarity";
import {
  DEFAULT_DISTRIBUTION,
  GRADE_TENTHS,
  RARITIES,
  VALUE_FACTOR_BP,
  VALUE_MULTIPLIER_BP,
} from "~/lib/packs";

/** A multiplier in basis points as a plain number: 15_000 -> "1.5". */
const times = (bp: number) => String(bp / 10_000);

/** The default odds as cumulative roll bounds, legendary first: [["legendary", 500], ...]. */
function defaultBounds(): [string, number][] {
  let bound = 0;
  return [...RARITIES].reverse().map((rarity) => {
    bound += DEFAULT_DISTRIBUTION[rarity] * 100;
    return [rarity, bound];
  });
}

/**
 * Steps 4 to 6 of the provably fair scheme (how-it-works.tsx): from the roll bytes to the
 * card's rarity, name, grade and estimated value, with the constants of app/lib/packs.ts.
 */
export function DrawSteps() {
  const [legendary, rare, uncommon] = defaultBounds();
  return (
    <>
      <h3 className="text-foreground pt-2 text-base font-semibold">From the seeds to your card</h3>
      <ol start={4}>
        <li>
          <strong>Roll bytes.</strong> For each opening we compute HMAC-SHA256 with the server seed
          (as text) as the key and <code>client seed:nonce</code> as the message, for example{" "}
          <code>my-seed:0</code>. That gives 32 bytes.
        </li>
        <li>
          <strong>Four numbers.</strong> The first 16 bytes are read as four big-endian unsigned
          32-bit words, u0 (bytes 0-3), u1 (4-7), u2 (8-11) and u3 (12-15). Each word u is scaled to
          a range of n values as <code>floor(u × n / 2^32)</code>:
          <ul className="mt-1">
            <li>
              u0 gives the <strong>rarity roll</strong>, 0-9999 (in basis points): legendary when
              the roll is below the legendary odds, rare below legendary + rare, uncommon below
              legendary + rare + uncommon, otherwise common. With the default odds (
              {RARITIES.map((r) => `${rarityLabel(r)} ${DEFAULT_DISTRIBUTION[r]}%`).join(", ")}
              ): under {legendary![1]} legendary, under {rare![1]} rare, under {uncommon![1]}{" "}
              uncommon, else common. Each pack shows its own odds.
            </li>
            <li>
              u1 picks the <strong>card name</strong>: its index among the pack&rsquo;s names for
              that rarity.
            </li>
            <li>
              u2 gives the <strong>grade</strong> in tenths, {GRADE_TENTHS.min}-{GRADE_TENTHS.max} (
              {(GRADE_TENTHS.min / 10).toFixed(1)}-{(GRADE_TENTHS.max / 10).toFixed(1)}).
            </li>
            <li>
              u3 gives the <strong>value factor</strong> in basis points, {VALUE_FACTOR_BP.min}-
              {VALUE_FACTOR_BP.max} ({(VALUE_FACTOR_BP.min / 10_000).toFixed(4)}-
              {(VALUE_FACTOR_BP.max / 10_000).toFixed(4)}).
            </li>
          </ul>
        </li>
        <li>
          <strong>Estimated value</strong> = pack price × rarity multiplier × value factor, rounded
          half up to the cent. The multipliers are{" "}
          {[...RARITIES]
            .reverse()
            .map((r) => `${r} ×${times(VALUE_MULTIPLIER_BP[r])}`)
            .join(", ")}
          .
        </li>
      </ol>
    </>
  );
}
