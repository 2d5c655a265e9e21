import { Layers, X } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { PoolView } from "~/.server/inventory/pool-view";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { formatCents } from "~/lib/money";
import { fillPoolSchema, POOL_FILL_MAX } from "~/lib/schemas/pools";
import { AdminField, AdminForm, AdminFormError, AdminSubmit } from "./admin-form";
import { AdminSection, AdminTable, type AdminColumn } from "./admin-table";
import { PoolCandidates, PoolSlabs } from "./pool-slab-tables";
import { basisPointsAsPercent } from "~/lib/rates";
import { EconomicsFigures } from "./pack-economics";

/** The Packs tab's search params with `pool` set to `packId` (or removed for null). */
function usePoolHref() {
  const [search] = useSearchParams();
  return (packId: number | null) => {
    const next = new URLSearchParams(search);
    next.set("tab", "packs");
    if (packId === null) next.delete("pool");
    else next.set("pool", String(packId));
    return `?${next.toString()}`;
  };
}

/** A pack row's 'Pool' link: opens the pack's pool above the table. */
export function PoolLink({ packId, name }: { packId: number; name: string }) {
  const href = usePoolHref();
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={href(packId)} aria-label={`Pool of pack ${name}`} preventScrollReset>
        <Layers className="size-4" aria-hidden="true" />
        Pool
      </Link>
    </Button>
  );
}

/** The pool's return to player from its slabs' real FMVs, or why the pack cannot be on sale. */
function Economics({ pool }: { pool: PoolView }) {
  const { economics } = pool;
  if (economics.buybackReachesPrice === null) {
    return (
      <p role="status" className="text-danger text-sm font-medium">
        Not ready for sale: the {economics.emptyTiers.join(", ")}{" "}
        {economics.emptyTiers.length === 1 ? "tier has" : "tiers have"} odds above 0 and no slab.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <EconomicsFigures economics={economics} />
      {economics.buybackReachesPrice ? (
        <p role="status" className="text-danger text-sm font-medium">
          The pool pays back 100 % or more of the price: take out high-value slabs or raise the
          price before putting the pack on sale.
        </p>
      ) : null}
    </div>
  );
}

/** The tier table's columns: odds, admission band, slabs left (red when a tier with odds is empty) and mean FMV. */
const tierColumns: AdminColumn<PoolView["tiers"][number]>[] = [
  { header: "Tier", cell: (tier) => <RarityBadge rarity={tier.rarity} /> },
  { header: "Odds", cell: (tier) => `${basisPointsAsPercent(tier.oddsBp)}%`, numeric: true },
  {
    header: "FMV band",
    cell: (tier) => `${formatCents(tier.band.min)}-${formatCents(tier.band.max)}`,
    numeric: true,
  },
  {
    header: "Slabs left",
    cell: (tier) => (
      <span className={tier.oddsBp > 0 && tier.count === 0 ? "text-danger font-medium" : ""}>
        {tier.count.toLocaleString("en-US")}
      </span>
    ),
    numeric: true,
  },
  {
    header: "Mean FMV",
    cell: (tier) => (tier.meanFmvCents === null ? "-" : formatCents(tier.meanFmvCents)),
    numeric: true,
  },
];

/**
 * A pack's pool (docs/design.md "Inventory (real slabs)", docs/decisions/041-pool-commitment.md):
 * each tier's odds, admission band and slabs left, the return to player from the slabs' real
 * FMVs, the pool commitment in force, and for admins the forms that compose it: fill from house
 * stock for N packs, return ticked slabs to house stock, add ticked house-stock slabs.
 */
export function PoolPanel({ pool, canManage }: { pool: PoolView; canManage: boolean }) {
  const href = usePoolHref();
  const { pack } = pool;
  const fields = { packId: pack.id };
  return (
    <div className="bg-surface-1 space-y-6 rounded-xl border p-4">
      <AdminSection
        title={`Pool of ${pack.name}`}
        total={`${pool.size.toLocaleString("en-US")} ${pool.size === 1 ? "slab" : "slabs"}`}
        description={
          <>
            {pack.category} · {formatCents(pack.priceCents)} ·{" "}
            {pack.isActive ? "on sale" : "not on sale"} ·{" "}
            {pack.availableCount.toLocaleString("en-US")}{" "}
            {pack.availableCount === 1 ? "pack" : "packs"} available. Pool commitment{" "}
            <code className="break-all" title={pack.poolCommitment}>
              {pack.poolCommitment ? `${pack.poolCommitment.slice(0, 16)}…` : "none yet"}
            </code>
          </>
        }
        actions={
          <Button asChild variant="ghost" size="sm">
            <Link to={href(null)} preventScrollReset>
              <X className="size-4" aria-hidden="true" />
              Close pool
            </Link>
          </Button>
        }
      >
        <AdminTable
          caption={`Tiers of the pool of ${pack.name}`}
          rows={pool.tiers}
          rowKey={(tier) => tier.rarity}
          columns={tierColumns}
        />
        <Economics pool={pool} />
      </AdminSection>

      {canManage ? (
        <AdminForm
          intent="fill-pool"
          fields={fields}
          schema={fillPoolSchema}
          className="flex flex-wrap items-end gap-3"
          aria-label={`Fill the pool of ${pack.name} from house stock`}
        >
          <AdminField
            name="units"
            label="Fill from house stock for"
            hint={`Packs (1 to ${POOL_FILL_MAX.toLocaleString("en-US")}): enough slabs per tier for that many pulls at the pack's odds.`}
          >
            <Input
              inputMode="numeric"
              required
              placeholder="100"
              autoComplete="off"
              className="w-32"
            />
          </AdminField>
          <AdminSubmit pendingLabel="Filling...">Fill pool</AdminSubmit>
          <AdminFormError className="basis-full" />
        </AdminForm>
      ) : null}

      <PoolSlabs pool={pool} canManage={canManage} />

      {canManage ? <PoolCandidates pool={pool} /> : null}
    </div>
  );
}
