import { useId } from "react";
import type { PoolSlabRow, PoolView } from "~/.server/inventory/pool-view";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { formatCents } from "~/lib/money";
import { AdminForm, AdminFormError, AdminSubmit } from "./admin-form";
import { AdminTable, type AdminColumn } from "./admin-table";

const slabColumns = (pick: "remove" | "add" | null): AdminColumn<PoolSlabRow>[] => [
  ...(pick
    ? [
        {
          header: "Select",
          cell: (slab: PoolSlabRow) => (
            <input
              type="checkbox"
              name="slabIds"
              value={slab.id}
              className="accent-accent size-4"
              aria-label={`${pick === "add" ? "Add" : "Return"} slab ${slab.grader} ${slab.cert}`}
            />
          ),
        },
      ]
    : []),
  { header: "Tier", cell: (slab) => <RarityBadge rarity={slab.tier} /> },
  { header: "Card", cell: (slab) => <span className="block max-w-64">{slab.card}</span> },
  {
    header: "Grader · cert",
    cell: (slab) => (
      <span className="whitespace-nowrap tabular-nums">
        {slab.grader} {slab.cert}
      </span>
    ),
  },
  { header: "Grade", cell: (slab) => slab.grade.toFixed(1), numeric: true },
  { header: "FMV", cell: (slab) => formatCents(slab.fmvCents), numeric: true },
];

/**
 * The slabs in a pack's pool (the first page of them, pool-panel.tsx), with ticks and a button
 * that returns the ticked ones to house stock when `canManage`.
 */
export function PoolSlabs({ pool, canManage }: { pool: PoolView; canManage: boolean }) {
  const id = useId();
  const { pack } = pool;
  return (
    <section aria-labelledby={`${id}-slabs`} className="space-y-2">
      <h3 id={`${id}-slabs`} className="font-semibold">
        Slabs in the pool
      </h3>
      {pool.slabs.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No slab in this pool yet. Fill it from house stock or add slabs below.
        </p>
      ) : canManage ? (
        <AdminForm
          intent="remove-from-pool"
          fields={{ packId: pack.id }}
          className="space-y-2"
          aria-label={`Return slabs of ${pack.name} to house stock`}
        >
          <AdminTable
            caption={`Slabs in the pool of ${pack.name}`}
            rows={pool.slabs}
            rowKey={(slab) => slab.id}
            columns={slabColumns("remove")}
          />
          <AdminFormError />
          <AdminSubmit variant="outline" pendingLabel="Returning...">
            Return selected to house stock
          </AdminSubmit>
        </AdminForm>
      ) : (
        <AdminTable
          caption={`Slabs in the pool of ${pack.name}`}
          rows={pool.slabs}
          rowKey={(slab) => slab.id}
          columns={slabColumns(null)}
        />
      )}
      {pool.slabs.length < pool.size ? (
        <p className="text-muted-foreground text-xs">
          Showing the first {pool.slabs.length.toLocaleString("en-US")} of{" "}
          {pool.size.toLocaleString("en-US")}.
        </p>
      ) : null}
    </section>
  );
}

/** The house-stock slabs that fit a tier of the pack, with ticks and a button that adds the ticked ones to its pool (admins). */
export function PoolCandidates({ pool }: { pool: PoolView }) {
  const id = useId();
  const { pack } = pool;
  return (
    <section aria-labelledby={`${id}-stock`} className="space-y-2">
      <h3 id={`${id}-stock`} className="font-semibold">
        House stock that fits this pack
      </h3>
      {pool.candidates.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No {pack.category} slab in house stock fits a tier with odds above 0. Take slabs in on the
          Inventory tab.
        </p>
      ) : (
        <AdminForm
          intent="add-to-pool"
          fields={{ packId: pack.id }}
          className="space-y-2"
          aria-label={`Add house-stock slabs to the pool of ${pack.name}`}
        >
          <AdminTable
            caption={`House stock that fits ${pack.name}`}
            rows={pool.candidates}
            rowKey={(slab) => slab.id}
            columns={slabColumns("add")}
          />
          <AdminFormError />
          <AdminSubmit pendingLabel="Adding...">Add selected to pool</AdminSubmit>
        </AdminForm>
      )}
    </section>
  );
}
