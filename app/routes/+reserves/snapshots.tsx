import type { ReactNode } from "react";
import type { PublicSnapshot } from "~/.server/reserves/snapshots";
import { HeadedTable } from "~/components/ui/headed-table";
import { Time } from "~/components/ui/time";
import { formatCents } from "~/lib/money";
import { RESERVE_STATES, RESERVE_STATE_LABELS } from "~/lib/reserves";

const cell = "px-3 py-2 text-left";

/**
 * A bordered table of snapshot figures: its caption for screen readers, its `columns`' headers
 * (those `right` aligned right, like their figures) and its rows (`children`).
 */
function SnapshotTable({
  caption,
  columns,
  right,
  children,
}: {
  caption: string;
  columns: string[];
  right: boolean[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border">
      <HeadedTable
        caption={caption}
        columns={columns}
        classes={{
          table: "w-full text-sm",
          caption: "sr-only",
          head: "bg-surface-2",
          header: (i) => (right[i] ? `${cell} text-right` : cell),
        }}
      >
        {children}
      </HeadedTable>
    </div>
  );
}

/**
 * The latest proof-of-reserves snapshot (/reserves): when it was taken, its Merkle root, its
 * slab count, a link to its public JSON, and its slabs and fair market value per custody state.
 */
export function LatestSnapshot({ latest }: { latest: PublicSnapshot }) {
  return (
    <section aria-labelledby="latest" className="flex flex-col gap-4">
      <h2 id="latest" className="text-xl font-semibold">
        Latest snapshot #{latest.id}
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Taken</dt>
        <dd>
          <Time value={latest.createdAt} />
        </dd>
        <dt className="text-muted-foreground">Merkle root</dt>
        <dd className="font-mono break-all" data-testid="latest-root">
          {latest.root}
        </dd>
        <dt className="text-muted-foreground">Slabs committed</dt>
        <dd className="tabular-nums">{latest.leafCount.toLocaleString("en-US")}</dd>
        <dt className="text-muted-foreground">Public data</dt>
        <dd>
          <a href={`/reserves/${latest.id}.json`} className="text-accent underline">
            /reserves/{latest.id}.json
          </a>
        </dd>
      </dl>
      <SnapshotTable
        caption="Slabs and fair market value per custody state"
        columns={["Custody state", "Slabs", "Fair market value"]}
        right={[false, true, true]}
      >
        {RESERVE_STATES.map((state) => (
          <tr key={state} className="border-t">
            <th scope="row" className={`${cell} font-normal`}>
              {RESERVE_STATE_LABELS[state]}
            </th>
            <td className={`${cell} text-right tabular-nums`}>
              {latest.totals[state].count.toLocaleString("en-US")}
            </td>
            <td className={`${cell} text-right tabular-nums`}>
              {formatCents(latest.totals[state].fmvCents)}
            </td>
          </tr>
        ))}
      </SnapshotTable>
    </section>
  );
}

/** Every published snapshot, newest first (/reserves): its JSON, when taken, its slab count and root. */
export function SnapshotHistory({ snapshots }: { snapshots: PublicSnapshot[] }) {
  return (
    <section aria-labelledby="history" className="flex flex-col gap-3">
      <h2 id="history" className="text-xl font-semibold">
        History of roots
      </h2>
      <SnapshotTable
        caption="Earlier snapshots, newest first"
        columns={["Snapshot", "Taken", "Slabs", "Root"]}
        right={[false, false, true, false]}
      >
        {snapshots.map((s) => (
          <tr key={s.id} className="border-t">
            <th scope="row" className={`${cell} font-normal`}>
              <a href={`/reserves/${s.id}.json`} className="text-accent underline">
                #{s.id}
              </a>
            </th>
            <td className={cell}>
              <Time value={s.createdAt} />
            </td>
            <td className={`${cell} text-right tabular-nums`}>
              {s.leafCount.toLocaleString("en-US")}
            </td>
            <td className={`${cell} max-w-[16rem] truncate font-mono`} title={s.root}>
              {s.root}
            </td>
          </tr>
        ))}
      </SnapshotTable>
    </section>
  );
}
