import { ChartTable } from "~/components/charts/chart-table";
import { Suspense, lazy, useState } from "react";
import { Fmv } from "./fmv";
import { Time } from "~/components/ui/time";
import { PillChoice } from "~/components/ui/pill-choice";
import { formatCents } from "~/lib/money";
import {
  gradeKey,
  type GradeHistory,
  type GradeSales,
  type GradeValue,
  type PricePoint,
} from "~/lib/value/card-value";

// recharts loads only on the pages that chart, in the browser, after the page.
const PriceHistoryChart = lazy(() => import("./price-history-chart"));

/**
 * A card's price history (docs/product/value.md "A card's page"): one chart per grader and
 * grade (chosen with buttons), every sale a point, excluded sales apart (hollow, grey), the
 * grade's FMV a dashed line. The drawing is hidden from assistive technology; a visually
 * hidden table of the grade's sales (date, price, counted or why not) stands in for it. Both
 * are drawn in the browser once the page has hydrated and `history` (the points, which the
 * page fetches then) has come: the server sends the caption from `grades` (each grade's counts),
 * the grade buttons and a placeholder, so the page does not grow with a card's sales
 * (docs/decisions/051-card-page-weight.md).
 */
export function PriceHistory({
  grades: sales,
  history,
  values,
}: {
  grades: GradeSales[];
  history: GradeHistory[] | null;
  values: GradeValue[];
}) {
  const grades = sales.map((g) => g.grade);
  const best = values.find((v) => grades.includes(gradeKey(v.grader, v.grade)));
  const [selected, setSelected] = useState(
    best ? gradeKey(best.grader, best.grade) : (grades[0] ?? ""),
  );
  if (grades.length === 0) {
    return (
      <p className="bg-surface text-muted-foreground rounded-xl border p-6 text-center text-sm">
        No sales recorded yet: the chart starts with this card&apos;s first sale.
      </p>
    );
  }
  const { counted: countedSales, excluded: excludedSales } = sales.find(
    (g) => g.grade === selected,
  ) ?? { counted: 0, excluded: 0 };
  const ofGrade = history?.find((h) => h.grade === selected)?.points ?? [];
  const value = values.find((v) => gradeKey(v.grader, v.grade) === selected) ?? null;
  const point = ([at, priceCents]: PricePoint) => ({ at, priceCents });
  const counted = ofGrade.filter((p) => p[2] === undefined);
  const excluded = ofGrade.filter((p) => p[2] !== undefined);
  // The points are fetched in the browser only (`usePriceHistory`): having them means hydrated.
  const drawn = history !== null;
  return (
    <figure className="price-history">
      <figcaption>
        <span>{`Price history, ${selected}`}</span>
        <span>
          {`${countedSales} ${countedSales === 1 ? "sale" : "sales"}${excludedSales > 0 ? `, ${excludedSales} excluded` : ""}. FMV: `}
          <Fmv value={value} />
        </span>
      </figcaption>
      <PillChoice
        label="Grade"
        options={grades}
        chosen={selected}
        onChoose={setSelected}
        className="mt-3 flex flex-wrap gap-2"
      />
      <div aria-hidden="true" className="relative mt-3 h-64" data-testid="price-chart">
        {drawn ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <PriceHistoryChart
              counted={counted.map(point)}
              excluded={excluded.map(point)}
              fmvCents={value?.fmvCents ?? null}
            />
          </Suspense>
        ) : (
          <ChartPlaceholder />
        )}
      </div>
      {drawn ? (
        <ChartTable caption={`Sales of ${selected}`} columns={["Date", "Price", "Counted"]}>
          {ofGrade.map(([at, priceCents, excludedReason], i) => (
            <tr key={i}>
              <th scope="row">
                <Time value={at} style="date" />
              </th>
              <td>{formatCents(priceCents)}</td>
              <td>{excludedReason === undefined ? "Yes" : `Excluded: ${excludedReason}`}</td>
            </tr>
          ))}
        </ChartTable>
      ) : null}
    </figure>
  );
}

function ChartPlaceholder() {
  return (
    <div className="bg-surface-2 h-full animate-pulse rounded-md motion-reduce:animate-none" />
  );
}
