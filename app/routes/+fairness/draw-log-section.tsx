import { Link } from "react-router";
import type { PublishedOdds } from "~/.server/packs/odds";
import { ColumnHeads } from "~/components/account-ui/column-heads";
import { TitledCard } from "~/components/account-ui/titled-card";
import { DrawLogVerifier } from "~/components/fairness/draw-log-verifier";

/**
 * Every active pack's odds commitment in force, and verifying a whole pack's draw log
 * (docs/decisions/016-odds-commitment.md), for anyone: pick a downloaded draws.json and this
 * browser recomputes every revealed pull against the committed odds.
 */
export function DrawLogSection({ odds }: { odds: PublishedOdds[] }) {
  return (
    <TitledCard
      id="draw-log"
      title="Verify a pack's draw log"
      lead="Every pack publishes its draw log: each opening with its seeds, nonce, odds commitment and result, under an anonymous tag instead of the collector. Download it from the pack's odds page (linked below), then check it here: each commitment must hash to its odds text, and each revealed pull must follow from its seeds and those odds. Client seeds are part of the log, so choose one that says nothing about you."
      large
      className="space-y-4 sm:p-6"
    >
      {odds.length > 0 ? (
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-medium">Odds commitments in force</caption>
          <ColumnHeads
            className="text-muted-foreground border-b text-left text-xs uppercase"
            columns={[
              { label: "Pack", className: "py-2 pr-3 font-medium" },
              { label: "Odds commitment (SHA-256)", className: "py-2 font-medium" },
            ]}
          />
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
    </TitledCard>
  );
}
