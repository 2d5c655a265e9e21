import type { OddsPeriod } from "~/.server/packs/realized-odds";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { SIGNIFICANCE } from "~/lib/chi-square";
import { RARITIES } from "~/lib/packs";
import type { CardRarity } from "~/lib/domain/rarity";
import { cn } from "~/lib/cn";
import { OddsPanel } from "./odds-panel";

/** Basis points as a percent: 1250 -> "12.5%". */
const bpPercent = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;
/** A share of a total as a percent with one decimal. */
const share = (n: number, total: number) =>
  total === 0 ? "-" : `${((n / total) * 100).toFixed(1)}%`;
const count = (n: number) => n.toLocaleString("en-US");

/**
 * The figure columns of a period's table, per rarity: the stated odds, the pulls they expect
 * (hidden below 640 px), the pulls and the realized share.
 */
const COLUMNS: {
  label: string;
  className: string;
  value: (period: OddsPeriod, rarity: CardRarity) => string;
}[] = [
  { label: "Stated", className: "pr-2 sm:pr-3", value: (p, r) => bpPercent(p.statedBp[r]) },
  {
    label: "Expected",
    className: "hidden pr-3 sm:table-cell",
    value: (p, r) => ((p.total * p.statedBp[r]) / 10_000).toFixed(1),
  },
  { label: "Pulled", className: "pr-2 sm:pr-3", value: (p, r) => count(p.counts[r]) },
  { label: "Realized", className: "", value: (p, r) => share(p.counts[r], p.total) },
];

/** A p-value as people read it: "0.512", "0.0031", "< 0.0001". */
function pValueText(p: number): string {
  if (p < 0.0001) return "< 0.0001";
  return p >= 0.01 ? p.toFixed(3) : p.toPrecision(2);
}

/**
 * The one-line reading of a period's chi-square test, at the 1 % level
 * (docs/decisions/016-odds-commitment.md).
 */
export function oddsReading(period: OddsPeriod): string {
  const { fit } = period;
  if (!fit) return "No pulls with these odds yet.";
  const consistent = fit.pValue >= SIGNIFICANCE;
  const statistic =
    fit.statistic === Infinity
      ? "infinite (a rarity with no chance was pulled)"
      : fit.statistic.toFixed(2);
  return `Chi-square ${statistic} with ${fit.df} degrees of freedom, p = ${pValueText(fit.pValue)}: ${consistent ? "consistent with the stated odds" : "not consistent with the stated odds"} (1 % level).`;
}

/** Stated against realized odds of the openings drawn under one set of odds, and the test. */
export function OddsPeriodSection({ period, titleId }: { period: OddsPeriod; titleId: string }) {
  const { fit } = period;
  return (
    <OddsPanel
      titleId={titleId}
      title={period.current ? "Current odds" : "Earlier odds"}
      aside={
        <p className="text-muted-foreground text-sm">
          {count(period.total)} {period.total === 1 ? "pull" : "pulls"}
        </p>
      }
    >
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">Stated and realized odds per rarity</caption>
        <thead>
          <tr className="text-muted-foreground border-b text-left text-xs uppercase">
            <th scope="col" className="py-2 pr-2 font-medium sm:pr-3">
              Rarity
            </th>
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn("py-2 text-right font-medium", column.className)}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {RARITIES.map((rarity) => (
            <tr key={rarity} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-2 sm:pr-3 text-left font-normal">
                <RarityBadge rarity={rarity} />
              </th>
              {COLUMNS.map((column) => (
                <td key={column.label} className={cn("py-2 text-right", column.className)}>
                  {column.value(period, rarity)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="font-medium">{oddsReading(period)}</p>
      {fit && fit.minExpected < 5 ? (
        <p className="text-muted-foreground text-xs">
          Too few pulls for a precise test yet: the test is reliable once every rarity expects at
          least 5 pulls.
        </p>
      ) : null}
      <p className="text-muted-foreground text-xs break-all">
        Drawn under {period.commitments.length === 1 ? "odds commitment" : "odds commitments"}{" "}
        {period.commitments.map((c, i) => (
          <span key={c}>
            {i > 0 ? ", " : null}
            <a
              href={`/fairness/odds/${c}`}
              className="text-foreground font-mono underline underline-offset-4"
            >
              {c}
            </a>
          </span>
        ))}
      </p>
    </OddsPanel>
  );
}
