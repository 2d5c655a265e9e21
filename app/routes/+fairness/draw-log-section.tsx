import { Link } from "react-router";
import type { PublishedOdds } from "~/.server/packs/odds";
import { DrawLogVerifier } from "~/components/fairness/draw-log-verifier";

/**
 * Every active pack's odds commitment in force, and verifying a whole pack's draw log
 * (docs/decisions/016-odds-commitment.md), for anyone: pick a downloaded draws.json and this
 * browser recomputes every revealed pull against the committed odds.
 */
export function DrawLogSection({ odds }: { odds: PublishedOdds[] }) {
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
          odds page (linked below), then check it here: each commitment must hash to its odds text,
          and each revealed pull must follow from its seeds and those odds. Client seeds are part of
          the log, so choose one that says nothing about you.
        </p>
      </div>
      {odds.length > 0 ? (
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">Odds commitments in force</caption>
          <thead>
            <tr className="text-muted-foreground border-b text-left text-xs uppercase">
              <th scope="col" className="py-2 pr-3 font-medium">
                Pack
              </th>
              <th scope="col" className="py-2 font-medium">
                Odds commitment (SHA-256)
              </th>
            </tr>
          </thead>
          <tbody>
            {odds.map((pack) => (
              <tr key={pack.packId} className="border-b align-top last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <Link
                    to={`/pack/${pack.packId}/odds`}
                    className="underline underline-offset-4"
                    aria-label={`${pack.packName}: odds and draw log`}
                  >
                    {pack.packName}
                  </Link>
                </th>
                <td className="py-2 font-mono text-xs break-all">{pack.oddsCommitment}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <DrawLogVerifier />
    </section>
  );
}
