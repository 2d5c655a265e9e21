import { Prose } from "~/components/content/prose";
import { rarityLabel } from "~/lib/domain/rarity";
import {
  DEFAULT_DISTRIBUTION,
  GRADE_TENTHS,
  RARITIES,
  VALUE_FACTOR_BP,
  VALUE_MULTIPLIER_BP,
} from "~/lib/packs";
import { DRAW_ALGORITHM } from "~/lib/fairness";

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

/** A command or formula on its own line(s), wrapping at 360 px instead of scrolling. */
export function CodeBlock({ children, label }: { children: string; label?: string }) {
  return (
    <pre
      aria-label={label}
      className="bg-background text-foreground overflow-hidden rounded-md border p-3 font-mono text-xs leading-relaxed wrap-anywhere whitespace-pre-wrap sm:text-sm"
    >
      <code>{children}</code>
    </pre>
  );
}

/**
 * The provably fair scheme in plain words (docs/product/packs-and-fairness.md), written from the docblock of
 * app/lib/fairness.ts, with the constants of app/lib/packs.ts and how to check a draw with a
 * command line.
 */
export function HowItWorks() {
  const [legendary, rare, uncommon] = defaultBounds();
  return (
    <section
      aria-labelledby="how-it-works-title"
      className="bg-surface rounded-xl border p-5 sm:p-6"
    >
      <h2 id="how-it-works-title" className="mb-4 text-xl font-semibold">
        How every pull is drawn
      </h2>
      <Prose>
        <p>
          Each opening is decided by three things: a <strong>server seed</strong> that we keep
          secret until you rotate it, a <strong>client seed</strong> that you choose, and a{" "}
          <strong>nonce</strong> that counts your openings. Nothing else is random, so the same
          seeds, nonce and pack always give the same card, and you can recompute any of your pulls.
        </p>
        <h3 className="text-foreground pt-2 text-base font-semibold">The seeds and the nonce</h3>
        <ol>
          <li>
            <strong>Server seed.</strong> We pick 32 random bytes, written as 64 lowercase
            hexadecimal characters. Before you open any pack, we show you its SHA-256 hash (of the
            seed as text). Once the hash is shown, we cannot change the seed without you noticing.
          </li>
          <li>
            <strong>Client seed.</strong> Yours: we start you with a random one, and you can change
            it whenever you like (1-64 letters, digits, &lsquo;-&rsquo; or &lsquo;_&rsquo;). Since
            the server seed is fixed before you choose, neither side can steer the result alone.
          </li>
          <li>
            <strong>Nonce.</strong> The number of openings made with your current seed pair,
            starting at 0. It goes up by one with every pack you open.
          </li>
        </ol>
        <h3 className="text-foreground pt-2 text-base font-semibold">
          From the seeds to your card
        </h3>
        <ol start={4}>
          <li>
            <strong>Roll bytes.</strong> For each opening we compute HMAC-SHA256 with the server
            seed (as text) as the key and <code>client seed:nonce</code> as the message, for example{" "}
            <code>my-seed:0</code>. That gives 32 bytes.
          </li>
          <li>
            <strong>Four numbers.</strong> The first 16 bytes are read as four big-endian unsigned
            32-bit words, u0 (bytes 0-3), u1 (4-7), u2 (8-11) and u3 (12-15). Each word u is scaled
            to a range of n values as <code>floor(u × n / 2^32)</code>:
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
                u2 gives the <strong>grade</strong> in tenths, {GRADE_TENTHS.min}-{GRADE_TENTHS.max}{" "}
                ({(GRADE_TENTHS.min / 10).toFixed(1)}-{(GRADE_TENTHS.max / 10).toFixed(1)}).
              </li>
              <li>
                u3 gives the <strong>value factor</strong> in basis points, {VALUE_FACTOR_BP.min}-
                {VALUE_FACTOR_BP.max} ({(VALUE_FACTOR_BP.min / 10_000).toFixed(4)}-
                {(VALUE_FACTOR_BP.max / 10_000).toFixed(4)}).
              </li>
            </ul>
          </li>
          <li>
            <strong>Estimated value</strong> = pack price × rarity multiplier × value factor,
            rounded half up to the cent. The multipliers are{" "}
            {[...RARITIES]
              .reverse()
              .map((r) => `${r} ×${times(VALUE_MULTIPLIER_BP[r])}`)
              .join(", ")}
            .
          </li>
        </ol>
        <h3 className="text-foreground pt-2 text-base font-semibold">The odds you were promised</h3>
        <ol start={7}>
          <li>
            <strong>Odds commitment.</strong> Each pack publishes the SHA-256 of a canonical text of
            everything above that turns roll bytes into its cards: its odds in basis points, its
            card names per rarity, its price, the multipliers, the grade and factor ranges, the
            buyback rate and the name of this algorithm ({DRAW_ALGORITHM}). Every opening records
            the commitment in force; an edit of the odds or names makes a new one, and old ones stay
            readable at <code>/fairness/odds/&lt;commitment&gt;</code>. So you can check that a pull
            followed the odds that were published, not only the seeds.
          </li>
        </ol>
        <h3 className="text-foreground pt-2 text-base font-semibold">Rotate, then check</h3>
        <ol start={8}>
          <li>
            <strong>Rotate to check.</strong> When you rotate your seed pair, we reveal the old
            server seed and start a new secret one (its hash shown at once) with nonce 0. Check that
            the revealed seed hashes to what we showed, then recompute every opening made with it:
            the Verify buttons above do it in your browser, or use any tool you trust.
          </li>
        </ol>
        <h3 className="text-foreground pt-2 text-base font-semibold">Check it on a command line</h3>
        <p>
          With OpenSSL, replace the server seed, client seed and nonce with an opening&rsquo;s. The
          first command prints the seed&rsquo;s SHA-256 (compare it with the hash shown before the
          opening), the second the roll bytes in hex: u0 is the first 8 hex digits, u1 the next 8,
          and so on.
        </p>
      </Prose>
      <div className="mt-3">
        <CodeBlock label="Command line check">
          {[
            "printf '%s' '<server seed>' | openssl dgst -sha256",
            "printf '%s' 'clientseed:0' | openssl dgst -sha256 -hmac '<server seed>'",
          ].join("\n")}
        </CodeBlock>
      </div>
    </section>
  );
}
