import { Download } from "lucide-react";
import type { Route } from "./+types/pack.odds";
import { OddsPeriodSection } from "./+packs/odds-period";
import { OddsPanel } from "./+packs/odds-panel";
import { parsePackId } from "./+packs/pack-id";
import { realizedOdds } from "~/.server/packs/realized-odds";
import { requestCtx } from "~/.server/request-context";
import { DrawLogVerifier } from "~/components/fairness/draw-log-verifier";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { livePageHandle, pageTags } from "~/lib/page-cache";
import { Breadcrumbs } from "~/components/navigation/breadcrumbs";

/** Visitors get this page from the page cache; writes invalidate its tags. */
export const handle = livePageHandle(({ id }) => [pageTags.pack(id), pageTags.packs]);

/**
 * /pack/{id}/odds: the stated against the realized rarity odds of a pack (active or retired)
 * over all its openings, the chi-square reading, the realized return to player of the
 * buyback, the odds commitment and the draw log (docs/decisions/016-odds-commitment.md). An
 * unknown pack is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const packId = parsePackId(params.id);
  const odds = packId === null ? null : await realizedOdds(requestCtx(context, null), packId);
  if (!odds) throw new Response("Pack not found", { status: 404 });
  return odds;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta(
        `${loaderData.pack.name}: odds`,
        `Stated and realized odds of ${loaderData.pack.name}, its odds commitment and its public draw log.`,
      )
    : pageMeta("Pack not found", "This pack does not exist.");

/** The realized return to player of the buyback: offers made against the price paid. */
function ReturnToPlayer({
  paid,
  offered,
  openings,
}: {
  paid: number;
  offered: number;
  openings: number;
}) {
  return (
    <OddsPanel titleId="rtp-title" title="Realized return to player" spacing="space-y-2">
      {openings === 0 ? (
        <p className="text-muted-foreground">No pulls from this pack yet.</p>
      ) : (
        <p>
          Over {openings.toLocaleString("en-US")} {openings === 1 ? "opening" : "openings"},
          collectors paid {formatCents(paid)} and were offered {formatCents(offered)} in buybacks:{" "}
          <strong className="tabular-nums">{((offered / paid) * 100).toFixed(1)}%</strong> of the
          price, if every pull were sold back.
        </p>
      )}
    </OddsPanel>
  );
}

export default function PackOdds({ loaderData, params }: Route.ComponentProps) {
  const { pack, periods, oddsText, openings, paidCents, buybackOfferedCents } = loaderData;
  const base = `/pack/${params.id}`;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <Breadcrumbs
        trail={[
          { to: "/packs", label: "Packs" },
          { to: base, label: pack.name },
        ]}
        here="Odds"
      />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance">
          {pack.name}: stated and realized odds
        </h1>
        <p className="text-muted-foreground leading-relaxed">
          Every opening of this pack, counted by rarity and tested against the odds it was drawn
          under. Anyone can download the draw log and recompute every pull whose server seed has
          been revealed.
        </p>
      </header>

      <OddsPanel titleId="commitment-title" title="Odds commitment and draw log">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="font-medium">Odds commitment (SHA-256)</dt>
          <dd className="min-w-0 font-mono text-xs break-all sm:text-sm">{pack.oddsCommitment}</dd>
        </dl>
        <p className="text-muted-foreground text-sm">
          The SHA-256 of the canonical text below: the odds, the card names, the price and the
          draw&apos;s constants. Every opening records the commitment in force, and an edit of the
          odds or names makes a new one.
        </p>
        {oddsText ? (
          <details className="text-sm">
            <summary className="text-muted-foreground hover:text-foreground cursor-pointer">
              Odds text
            </summary>
            <pre className="bg-background mt-2 overflow-hidden rounded-md border p-3 font-mono text-xs wrap-anywhere whitespace-pre-wrap">
              <code>{oddsText}</code>
            </pre>
          </details>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {["JSON", "CSV"].map((format) => (
            <Button key={format} asChild variant="secondary">
              <a href={`${base}/draws.${format.toLowerCase()}`} download>
                <Download className="size-4" aria-hidden="true" />
                Draw log ({format})
              </a>
            </Button>
          ))}
        </div>
        <DrawLogVerifier href={`${base}/draws.json`} />
        <p className="text-muted-foreground text-xs">
          Or on your own machine, from a copy of PackVault&apos;s source:{" "}
          <code className="font-mono">npm run verify -- pack-{pack.id}-draws.json</code>
        </p>
      </OddsPanel>

      {periods.map((period, i) => (
        <OddsPeriodSection
          key={period.commitments.join()}
          period={period}
          titleId={`odds-period-${i}`}
        />
      ))}

      <ReturnToPlayer paid={paidCents} offered={buybackOfferedCents} openings={openings} />
    </div>
  );
}
