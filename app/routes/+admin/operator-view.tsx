import type { OperatorView } from "~/.server/inventory/operator-view";
import { formatCents } from "~/lib/money";
import { SLAB_STATE_LABELS } from "~/lib/slabs";
import { AdminSection, AdminTable } from "./admin-table";
import { NONE } from "./admin-columns";

/**
 * The operator view of the Inventory tab: the house's inventory at cost and at FMV, the slabs in
 * each custody state, and each pack's pulls and buybacks with the realised margin (price in,
 * FMV out, buyback spread).
 */
export function OperatorSummary({ view }: { view: OperatorView }) {
  const { house } = view;
  const stats = [
    { term: "House inventory", value: `${house.slabs.toLocaleString("en-US")} slabs` },
    { term: "Value at cost", value: formatCents(house.costCents) },
    { term: "Value at FMV", value: formatCents(house.fmvCents) },
    { term: "Unrealised gain", value: formatCents(house.fmvCents - house.costCents) },
  ];
  return (
    <AdminSection
      title="Operator view"
      description="What the house owns (intake, house stock and pack pools), every slab by custody state, and what each pack has earned."
    >
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {stats.map(({ term, value }) => (
          <div key={term} className="bg-surface-2 rounded-lg border px-3 py-2">
            <dt className="text-muted-foreground text-xs">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <AdminTable
        caption="Slabs per custody state"
        rows={view.states}
        rowKey={(row) => row.state}
        empty="No slabs yet."
        columns={[
          { header: "State", cell: (row) => SLAB_STATE_LABELS[row.state] },
          { header: "Slabs", numeric: true, cell: (row) => row.slabs.toLocaleString("en-US") },
          { header: "At cost", numeric: true, cell: (row) => formatCents(row.costCents) },
          { header: "At FMV", numeric: true, cell: (row) => formatCents(row.fmvCents) },
        ]}
      />
      <AdminTable
        caption="Pulls and buybacks per pack"
        rows={view.packs}
        rowKey={(row) => row.packId}
        empty="No pack has been opened yet."
        columns={[
          { header: "Pack", cell: (row) => row.name },
          { header: "Pulls", numeric: true, cell: (row) => row.pulls.toLocaleString("en-US") },
          { header: "Price in", numeric: true, cell: (row) => formatCents(row.priceInCents) },
          { header: "FMV out", numeric: true, cell: (row) => formatCents(row.fmvOutCents) },
          {
            header: "Buybacks",
            numeric: true,
            cell: (row) => row.buybacks.toLocaleString("en-US"),
          },
          {
            header: "Buyback spread",
            numeric: true,
            cell: (row) =>
              row.buybacks === 0 ? NONE : formatCents(row.buybackFmvCents - row.buybackPaidCents),
          },
          {
            header: "Realised margin",
            numeric: true,
            cell: (row) => (
              <span className={row.marginCents < 0 ? "text-danger font-medium" : undefined}>
                {formatCents(row.marginCents)}
                {row.priceInCents > 0
                  ? ` (${((row.marginCents / row.priceInCents) * 100).toFixed(1)}%)`
                  : null}
              </span>
            ),
          },
        ]}
      />
    </AdminSection>
  );
}
