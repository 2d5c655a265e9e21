import type { AuditRow } from "~/.server/admin/audit-page";
import type { Paged } from "~/.server/policy/paging";
import { emailColumn, timeColumn } from "./admin-columns";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import { auditChanges } from "./audit-diff";
import type { AdminTabProps } from "./tab-contract";

/** The changes of one audit row, one line a field: `field: before → after`. */
function Changes({ row }: { row: AuditRow }) {
  const changes = auditChanges(row.before, row.after);
  if (changes.length === 0) return <span className="text-muted-foreground">No changes</span>;
  return (
    <ul className="w-64 space-y-0.5 font-mono text-xs">
      {changes.map((change) => (
        <li key={change.field} className="break-all">
          <span className="font-semibold">{change.field}</span>:{" "}
          {change.before !== null ? (
            <del className="text-muted-foreground">{change.before}</del>
          ) : null}
          {change.before !== null && change.after !== null ? " → " : null}
          {change.after !== null ? <ins className="no-underline">{change.after}</ins> : null}
        </li>
      ))}
    </ul>
  );
}

/** The audit log's columns: time, actor and role, action, target and changes. */
const columns: AdminColumn<AuditRow>[] = [
  timeColumn("Time", (row) => row.createdAt),
  emailColumn("Actor", (row) => row.actorEmail),
  { header: "Role", cell: (row) => row.actorRole },
  { header: "Action", cell: (row) => <code className="text-xs">{row.action}</code> },
  {
    header: "Target",
    cell: (row) => (
      <span className="block w-40">
        {row.targetType}
        <span className="text-muted-foreground block font-mono text-xs break-all">
          #{row.targetId}
        </span>
      </span>
    ),
  },
  {
    header: "Changes",
    cell: (row) => <Changes row={row} />,
  },
];

/**
 * Audit (docs/product/administration.md "Audit"): every change staff made, newest first, 50 a page: time, actor and
 * role, action, target and what changed (before struck through, after). Append-only.
 */
export function AuditTab({ data }: AdminTabProps<Paged<AuditRow>>) {
  return (
    <AdminPagedSection
      title="Audit Log"
      caption="Audit log"
      description="Every change an admin or moderator made, newest first. Entries cannot be edited or deleted."
      emptyLabel="No changes recorded yet."
      data={data}
      columns={columns}
    />
  );
}
