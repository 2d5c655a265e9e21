import { Link } from "react-router";
import type { Route } from "./+types/reserves";
import { reservesOverview } from "~/.server/reserves/overview";
import { PageHeader } from "~/components/ui/page-header";
import { Time } from "~/components/ui/time";
import { discrepanciesOf } from "~/lib/cycle-count";
import { pageMeta } from "~/lib/meta";
import { LatestSnapshot, SnapshotHistory } from "./+reserves/snapshots";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Proof of Reserves",
    "Every slab PackVault holds, committed to a published Merkle root: check that yours is counted, in your browser or offline.",
  );

/** /reserves (docs/decisions/043-proof-of-reserves.md): public, no sign-in. */
export async function loader({ context }: Route.LoaderArgs) {
  return reservesOverview(context);
}

/** The method, in plain words. */
function Method() {
  return (
    <section aria-labelledby="method" className="bg-surface rounded-xl border p-5">
      <h2 id="method" className="text-lg font-semibold">
        How it works
      </h2>
      <ol className="text-muted-foreground mt-3 list-decimal space-y-2 pl-5 text-sm">
        <li>
          Every day (and whenever staff ask) the vault writes one line, a <em>leaf</em>, for each
          slab it holds: grader, cert number, grade, custody state, fair market value, and who owns
          it: &ldquo;house&rdquo;, or the owner&rsquo;s anonymous tag (the same tag as in the pack
          draw logs, never a name). Each leaf gets its own random salt, so a leaf tells nothing
          about any other.
        </li>
        <li>
          The leaves are hashed with SHA-256 and paired up, level by level, into a Merkle tree. Its
          top hash, the <em>root</em>, is published here with the counts and totals. Snapshots are
          never edited: the database refuses any change or deletion.
        </li>
        <li>
          In{" "}
          <Link to="/vault" className="text-accent underline">
            your vault
          </Link>
          , &ldquo;Prove it&rsquo;s in the vault&rdquo; gives you your slab&rsquo;s leaf, its salt
          and the hashes along its path to the root. Your browser recomputes the root; you can
          download the proof and check it again offline with{" "}
          <code className="bg-surface-2 rounded px-1">npm run verify:reserves -- proof.json</code>{" "}
          from the PackVault source. If any field, the salt, a hash on the path or the root were
          changed, the check fails.
        </li>
        <li>
          Staff also count the slabs on the shelves by scanning their certs, and the result of the
          latest count is shown at the top of this page, discrepancies included.
        </li>
      </ol>
    </section>
  );
}

export default function ReservesPage({ loaderData }: Route.ComponentProps) {
  const { snapshots, lastCount } = loaderData;
  const latest = snapshots[0];
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-10 sm:py-12">
      <PageHeader
        title="Proof of Reserves"
        lead="What the vault holds, committed to a root anyone can check: every collector can prove their slab is counted."
      />
      <p className="bg-surface rounded-xl border p-4 text-sm" data-testid="last-count">
        {lastCount ? (
          <>
            Last physical count: <Time value={lastCount.createdAt} />,{" "}
            {lastCount.bin === null ? "whole vault" : `bin ${lastCount.bin}`},{" "}
            {lastCount.scanned.toLocaleString("en-US")} {lastCount.scanned === 1 ? "slab" : "slabs"}
            , {discrepanciesOf(lastCount).toLocaleString("en-US")} discrepancies.
          </>
        ) : (
          "No physical count has been recorded yet."
        )}
      </p>
      {latest ? (
        <LatestSnapshot latest={latest} />
      ) : (
        <p className="bg-surface rounded-xl border p-6 text-center">
          No snapshot has been published yet. The vault takes one every day.
        </p>
      )}
      <Method />
      {snapshots.length > 1 ? <SnapshotHistory snapshots={snapshots} /> : null}
    </div>
  );
}
