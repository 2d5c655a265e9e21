import { CircleCheck, CircleX, ShieldCheck } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { CodeBlock } from "./how-it-works";
import {
  canVerifyInBrowser,
  commandLineCheck,
  verifyOpening,
  type RevealedOpening,
  type Verification,
} from "./verify-opening";
import { Button } from "~/components/ui/button";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { rarityLabel } from "~/lib/domain/rarity";
import { isPoolDraw, type Draw } from "~/lib/fairness";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/cn";
import { CardLink } from "~/components/value/card-link";

type State =
  | { status: "idle" }
  | { status: "running" }
  | { status: "done"; result: Verification }
  | { status: "failed"; message: string };

const GOOD = "text-green-700 dark:text-green-400";

/** A check mark or a cross with its words, for one comparison. */
function Verdict({ ok, children }: { ok: boolean; children: ReactNode }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <span className={cn("inline-flex items-center gap-1.5 font-medium", ok ? GOOD : "text-danger")}>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </span>
  );
}

/** One row of the recomputed-versus-stored table. */
function CompareRow({
  label,
  recomputed,
  stored,
  same,
}: {
  label: string;
  recomputed: ReactNode;
  stored: ReactNode;
  same: boolean;
}) {
  return (
    <tr className="border-t align-top">
      <th scope="row" className="py-1.5 pr-3 text-left font-medium">
        {label}
      </th>
      <td className="py-1.5 pr-3">{recomputed}</td>
      <td className="py-1.5 pr-3">{stored}</td>
      <td className="py-1.5">
        <Verdict ok={same}>
          <span className="sr-only sm:not-sr-only">{same ? "Same" : "Differs"}</span>
        </Verdict>
      </td>
    </tr>
  );
}

/** The verdict line: Match or Mismatch, with a sentence saying what it means. */
function VerdictLine({ match }: { match: boolean }) {
  return (
    <p
      className={cn(
        "flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border px-3 py-2 text-lg font-bold",
        match ? "border-green-500/50 bg-green-500/10" : "border-danger/60 bg-danger/10",
      )}
    >
      <Verdict ok={match}>{match ? "Match" : "Mismatch"}</Verdict>
      <span className="text-muted-foreground text-sm font-normal">
        {match
          ? "The recomputed card is exactly the card you got."
          : "The recomputed result differs from the stored one."}
      </span>
    </p>
  );
}

/** The table both comparisons share: recomputed and stored, part by part. */
function ComparisonTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-muted-foreground text-left text-xs uppercase">
          <th scope="col" className="pr-3 pb-1 font-medium">
            <span className="sr-only">Field</span>
          </th>
          <th scope="col" className="pr-3 pb-1 font-medium">
            Recomputed
          </th>
          <th scope="col" className="pr-3 pb-1 font-medium">
            Stored
          </th>
          <th scope="col" className="pb-1 font-medium">
            <span className="sr-only">Comparison</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A slab pulled from a pool (docs/decisions/037-slab-within-a-tier.md): the recomputed rarity
 * and place in the tier next to the stored ones; the value is checked against its tier's band.
 */
function PoolComparison({
  pool,
  opening,
  same,
}: {
  pool: NonNullable<Verification["pool"]>;
  opening: RevealedOpening;
  same: Verification["same"];
}) {
  const stored = isPoolDraw(opening.rolls) ? opening.rolls : null;
  return (
    <ComparisonTable caption="Recomputed draw next to the stored pull">
      <CompareRow
        label="Rarity"
        recomputed={rarityLabel(pool.rarity)}
        stored={rarityLabel(opening.card.rarity)}
        same={same.rarity}
      />
      <CompareRow
        label="Slab in tier"
        recomputed={`${pool.slabIndex + 1} of ${pool.tierSize}`}
        stored={stored ? `${stored.slabIndex + 1} of ${stored.tierSize}` : "-"}
        same={same.rolls}
      />
      <CompareRow
        label="Value"
        recomputed="within the tier's band"
        stored={formatCents(opening.card.estimatedValueCents)}
        same={same.value}
      />
    </ComparisonTable>
  );
}

/** The recomputed card next to the stored one, part by part. */
function CardComparison({
  draw,
  stored,
  same,
}: {
  draw: Draw;
  stored: RevealedOpening["card"];
  same: Verification["same"];
}) {
  return (
    <ComparisonTable caption="Recomputed card next to the stored result">
      <CompareRow label="Card" recomputed={draw.cardName} stored={stored.name} same={same.name} />
      <CompareRow
        label="Rarity"
        recomputed={rarityLabel(draw.rarity)}
        stored={rarityLabel(stored.rarity)}
        same={same.rarity}
      />
      <CompareRow
        label="Grade"
        recomputed={draw.grade.toFixed(1)}
        stored={stored.grade.toFixed(1)}
        same={same.grade}
      />
      <CompareRow
        label="Value"
        recomputed={formatCents(draw.estimatedValueCents)}
        stored={formatCents(stored.estimatedValueCents)}
        same={same.value}
      />
    </ComparisonTable>
  );
}

/** What the browser recomputed: the hash checks, the roll bytes and rolls, the card side by side. */
function VerificationReport({
  opening,
  result,
}: {
  opening: RevealedOpening;
  result: Verification;
}) {
  const { draw, same } = result;
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium">Server seed hash</dt>
        <dd className="min-w-0 space-y-1">
          <span className="block font-mono text-xs break-all">{result.computedHash}</span>
          <Verdict ok={result.hashMatches}>
            {result.hashMatches
              ? "Matches the hash shown before opening"
              : "Does not match the hash shown before opening"}
          </Verdict>
        </dd>
        <dt className="font-medium">Odds commitment</dt>
        <dd className="min-w-0 space-y-1">
          <span className="block font-mono text-xs break-all">{opening.oddsCommitment}</span>
          <Verdict ok={result.commitmentMatches && !result.oddsError}>
            {result.oddsError
              ? `Cannot be used: ${result.oddsError}`
              : result.commitmentMatches
                ? "The odds text matches the commitment published for the pack"
                : "The odds text does not match the commitment"}
          </Verdict>
        </dd>
        <dt className="font-medium">Roll bytes</dt>
        <dd className="min-w-0 font-mono text-xs break-all">{result.digestHex}</dd>
        {draw ? (
          <>
            <dt className="font-medium">Rolls</dt>
            <dd className="min-w-0">
              <ul className="space-y-0.5">
                <li>
                  u0: rarity roll {draw.rolls.rarityRoll} of 10000 ({rarityLabel(draw.rarity)})
                </li>
                <li>u1: name index {draw.rolls.nameIndex}</li>
                <li>u2: grade {draw.grade.toFixed(1)}</li>
                <li>u3: value factor {(draw.rolls.valueFactorBp / 10_000).toFixed(4)}</li>
              </ul>
              {same.rolls ? null : <Verdict ok={false}>The stored rolls differ from these</Verdict>}
            </dd>
          </>
        ) : null}
        {result.pool ? (
          <>
            <dt className="font-medium">Rolls</dt>
            <dd className="min-w-0 space-y-1">
              <ul className="space-y-0.5">
                <li>
                  u0: rarity roll {result.pool.rarityRoll} of 10000 (
                  {rarityLabel(result.pool.rarity)})
                </li>
                <li>
                  u1: slab {result.pool.slabIndex + 1} of the {result.pool.tierSize} left in the
                  tier, in slab order
                </li>
              </ul>
              <Verdict ok={same.rolls && same.rarity}>
                {same.rolls && same.rarity
                  ? "The rarity and the slab's place in its tier match the stored pull"
                  : "The stored rarity or slab place differ from these"}
              </Verdict>
            </dd>
          </>
        ) : null}
      </dl>
      {draw ? <CardComparison draw={draw} stored={opening.card} same={same} /> : null}
      {result.pool ? <PoolComparison pool={result.pool} opening={opening} same={same} /> : null}
    </div>
  );
}

/**
 * 'Verify' for one opening whose server seed was revealed: recomputes it in this browser with
 * WebCrypto (nothing is asked of the server) and reports the hash check, the rolls and the card
 * next to the stored result, with a Match / Mismatch verdict announced politely. Shows the
 * command-line check too, for those who trust no browser.
 */
export function OpeningVerifier({ opening }: { opening: RevealedOpening }) {
  const [state, setState] = useState<State>({ status: "idle" });
  const reportId = useId();

  async function verify() {
    if (!canVerifyInBrowser()) {
      setState({
        status: "failed",
        message:
          "This browser cannot verify here: WebCrypto needs a secure (https) connection. Use the command line check below.",
      });
      return;
    }
    setState({ status: "running" });
    try {
      setState({ status: "done", result: await verifyOpening(opening) });
    } catch (error) {
      setState({
        status: "failed",
        message: `Mismatch: this opening cannot be recomputed (${error instanceof Error ? error.message : "unknown error"}).`,
      });
    }
  }

  return (
    <div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void verify()}
        disabled={state.status === "running"}
        aria-controls={reportId}
      >
        <ShieldCheck className="size-4" aria-hidden="true" />
        {state.status === "running"
          ? "Verifying..."
          : state.status === "idle"
            ? "Verify"
            : "Verify again"}
      </Button>
      {/* Always in the page, so that screen readers announce the verdict when it appears. */}
      <div role="status" aria-live="polite" className="mt-3 empty:mt-0">
        {state.status === "done" ? (
          <VerdictLine match={state.result.verdict === "match"} />
        ) : state.status === "failed" ? (
          <p className="text-danger text-sm font-medium">{state.message}</p>
        ) : null}
      </div>
      <div id={reportId} className="mt-3 space-y-3 empty:mt-0">
        {state.status === "done" ? (
          <VerificationReport opening={opening} result={state.result} />
        ) : null}
        {state.status === "done" || state.status === "failed" ? (
          <details className="text-sm">
            <summary className="text-muted-foreground hover:text-foreground cursor-pointer">
              Check this opening on a command line
            </summary>
            <div className="mt-2">
              <CodeBlock>
                {commandLineCheck(opening.serverSeed, opening.clientSeed, opening.nonce)}
              </CodeBlock>
            </div>
          </details>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The stored result of an opening: card name (linked to its card's page), rarity badge, grade
 * and value.
 */
export function StoredResult({ card }: { card: RevealedOpening["card"] }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-semibold">
        <CardLink cardId={card.catalogueCardId}>{card.name}</CardLink>
      </span>
      <RarityBadge rarity={card.rarity} />
      <span className="text-muted-foreground text-sm">Grade {card.grade.toFixed(1)}</span>
      <span className="text-sm font-medium tabular-nums">
        {formatCents(card.estimatedValueCents)}
      </span>
    </p>
  );
}
