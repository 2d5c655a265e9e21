import { Prose } from "~/components/content/prose";
import { DRAW_ALGORITHM } from "~/lib/fairness";
import { DrawSteps } from "./draw-steps";

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
        <DrawSteps />
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
