import { Link } from "react-router";
import { DrawLogVerifier } from "~/components/fairness/draw-log-verifier";

/**
 * Verify a whole pack's draw log (docs/decisions/016-odds-commitment.md), for anyone: pick a
 * downloaded draws.json and this browser recomputes every revealed pull against the committed
 * odds.
 */
export function DrawLogSection() {
  return (
    <section
      aria-labelledby="draw-log-title"
      className="bg-surface space-y-4 rounded-xl border p-5 sm:p-6"
    >
      <div className="space-y-1">
        <h2 id="draw-log-title" className="text-xl font-semibold">
          Verify a pack&apos;s draw log
        </h2>
        <p className="text-muted-foreground text-sm">
          Every pack publishes its draw log: each opening with its seeds, nonce, odds commitment and
          result, under an anonymous tag instead of the collector. Download it from the pack&apos;s
          odds page (for example{" "}
          <Link to="/pack/1/odds" className="text-foreground underline underline-offset-4">
            the first pack&apos;s
          </Link>
          ), then check it here: each commitment must hash to its odds text, and each revealed pull
          must follow from its seeds and those odds. Client seeds are part of the log, so choose one
          that says nothing about you.
        </p>
      </div>
      <DrawLogVerifier />
    </section>
  );
}
