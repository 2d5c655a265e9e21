import type { OperatorView } from "~/.server/inventory/operator-view";
import { formatCents } from "~/lib/money";
import { SLAB_STATE_LABELS } from "~/lib/slabs";
import { AdminSection, AdminTable, type AdminColumn } from "./admin-table";
import { centsColumn, countColumn, NONE } from "./admin-columns";
import { AdminFigures } from "./admin-stats";

/** The custody states' columns: state, slabs, and their value at cost and at FMV. */
const STATE_COLUMNS: AdminColumn<OperatorView["states"][number]>[] = [
  { header: "State", cell: (row) => SLAB_STATE_LABELS[row.state] },
  countColumn("Slabs", (row) => row.slabs),
  centsColumn("At cost", (row) => row.costCents),
  centsColumn("At FMV", (row) => row.fmvCents),
];

/** The packs' columns: pulls, price in, FMV out, buybacks, their spread and the margin. */
const PACK_COLUMNS: AdminColumn<OperatorView["packs"][number]>[] = [
  { header: "Pack", cell: (row) => row.name },
  countColumn("Pulls", (row) => row.pulls),
  centsColumn("Price in", (row) => row.priceInCents),
  centsColumn("FMV out", (row) => row.fmvOutCents),
  countColumn("Buybacks", (row) => row.buybacks),
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
];

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
      <AdminFigures className="grid grid-cols-2 gap-2 lg:grid-cols-4" figures={stats} large />
      <AdminTable
        caption="Slabs per custody state"
        rows={view.states}
        rowKey={(row) => row.state}
        empty="No slabs yet."
        columns={STATE_COLUMNS}
      />
      <AdminTable
        caption="Pulls and buybacks per pack"
        rows={view.packs}
        rowKey={(row) => row.packId}
        empty="No pack has been opened yet."
        columns={PACK_COLUMNS}
      />
    </AdminSection>
  );
}
