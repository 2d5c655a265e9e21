import { PackageOpen } from "lucide-react";
import { Link } from "react-router";
import type { VerifiableOpening } from "~/lib/domain/packs";
import { OpeningVerifier, StoredResult } from "~/components/fairness/opening-verifier";
import { Button } from "~/components/ui/button";
import { Time } from "~/components/ui/time";
import { TitledSection } from "~/components/account-ui/titled-card";

/** One past opening: what it was, its seeds and nonce, its stored result, and Verify. */
function OpeningItem({ opening }: { opening: VerifiableOpening }) {
  const titleId = `opening-${opening.openingId}`;
  const { serverSeed } = opening;
  return (
    <li aria-labelledby={titleId} className="bg-surface rounded-xl border p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="font-semibold">
          {opening.packName}
          <span className="sr-only">, nonce {opening.nonce}</span>
        </h3>
        <Time value={opening.createdAt} className="text-muted-foreground text-sm" />
      </div>
      <div className="mt-2">
        <StoredResult card={opening.card} />
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Nonce</dt>
        <dd className="font-mono tabular-nums">{opening.nonce}</dd>
        <dt className="text-muted-foreground">Client seed</dt>
        <dd className="min-w-0 font-mono break-all">{opening.clientSeed}</dd>
        <dt className="text-muted-foreground">Odds commitment</dt>
        <dd className="min-w-0 font-mono text-xs break-all">
          <a
            href={`/fairness/odds/${opening.oddsCommitment}`}
            className="underline underline-offset-4"
          >
            {opening.oddsCommitment}
          </a>
        </dd>
        <dt className="text-muted-foreground">Server seed hash</dt>
        <dd className="min-w-0 font-mono text-xs break-all">{opening.serverSeedHash}</dd>
        <dt className="text-muted-foreground">Server seed</dt>
        <dd className="min-w-0 font-mono text-xs break-all">
          {serverSeed ?? (
            <span className="text-muted-foreground font-sans text-sm italic">
              Hidden until you rotate
            </span>
          )}
        </dd>
      </dl>
      {serverSeed ? (
        <div className="mt-4 border-t pt-4">
          <OpeningVerifier opening={{ ...opening, serverSeed }} />
        </div>
      ) : null}
    </li>
  );
}

/** The user's latest openings (docs/product/packs-and-fairness.md), newest first, each verifiable once revealed. */
export function OpeningsSection({
  openings,
  limit,
}: {
  openings: VerifiableOpening[];
  limit: number;
}) {
  return (
    <TitledSection
      id="openings"
      title="Your openings"
      lead={`Newest first, up to your latest ${limit}. Rotate your seed pair to reveal the server seed of the openings made with it, then verify them here.`}
      large
      className="space-y-4"
    >
      {openings.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-10 text-center">
          <PackageOpen className="text-muted-foreground size-10" aria-hidden="true" />
          <p className="max-w-sm">No openings yet. Open a pack and you can verify it here.</p>
          <Button asChild>
            <Link to="/packs">Browse packs</Link>
          </Button>
        </div>
      ) : (
        <ul aria-label="Your openings" className="space-y-4">
          {openings.map((opening) => (
            <OpeningItem key={opening.openingId} opening={opening} />
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
