import { Pencil } from "lucide-react";
import { useId, useState } from "react";
import type { AdminSubmission } from "~/.server/admin/submissions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { submissionReference } from "~/lib/domain/market";
import { centsToDollars, formatCents } from "~/lib/money";
import { ADMIN_SUBMISSION_STATUSES } from "~/lib/schemas/admin";
import { AdminDialog, AdminDialogCancel } from "./admin-dialog";
import { AdminForm, AdminSubmit } from "./admin-form";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, AdminTime, type AdminColumn } from "./admin-table";
import { ConfirmDelete } from "./confirm-delete";
import { AdminPagination } from "./pagination";
import type { SubmissionsTabData } from "./submissions.server";

const STATUS_LABELS: Record<AdminSubmission["status"], string> = {
  pending: "Pending",
  reviewing: "Reviewing",
  offer_made: "Offer made",
  accepted: "Accepted",
  rejected: "Rejected",
};

const STATUS_STYLES: Record<AdminSubmission["status"], string | undefined> = {
  pending: "border-amber-500/50 bg-amber-400/15 text-foreground",
  reviewing: "border-sky-500/50 bg-sky-500/15 text-foreground",
  offer_made: "border-blue-500/50 bg-blue-500/15 text-foreground",
  accepted: "border-emerald-500/50 bg-emerald-500/15 text-foreground",
  rejected: undefined,
};

/** An amount in a cell, or a dash. */
const amount = (cents: number | null) =>
  cents === null ? <span className="text-muted-foreground">—</span> : formatCents(cents);

/** 'Update' on a submission's row: status, estimated value and offer amount (staff). */
function UpdateSubmission({ submission }: { submission: AdminSubmission }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { status: useId(), value: useId(), offer: useId(), hint: useId() };
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      title="Update submission"
      description={`${submission.itemName}, submitted by ${submission.userName} (${submission.userEmail}).`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Update submission ${submission.itemName}`}>
          <Pencil className="size-4" aria-hidden="true" />
          Update
        </Button>
      }
    >
      <AdminForm
        intent="update-submission"
        fields={{ submissionId: submission.id }}
        onSuccess={() => setOpen(false)}
        onError={setError}
        className="space-y-4"
        aria-label={`Update ${submission.itemName}`}
      >
        <div className="space-y-1.5">
          <label htmlFor={ids.status} className="block text-sm font-medium">
            Status
          </label>
          <select
            id={ids.status}
            name="status"
            defaultValue={submission.status}
            className="bg-background h-10 w-full rounded-md border px-3 text-sm"
          >
            {ADMIN_SUBMISSION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={ids.value} className="block text-sm font-medium">
              Estimated value (USD)
            </label>
            <Input
              id={ids.value}
              name="estimatedValue"
              inputMode="decimal"
              defaultValue={centsToDollars(submission.estimatedValueCents)}
              placeholder="0.00"
              aria-describedby={ids.hint}
              autoComplete="off"
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.offer} className="block text-sm font-medium">
              Offer amount (USD)
            </label>
            <Input
              id={ids.offer}
              name="offerAmount"
              inputMode="decimal"
              defaultValue={centsToDollars(submission.offerAmountCents)}
              placeholder="0.00"
              aria-describedby={ids.hint}
              autoComplete="off"
            />
          </div>
        </div>
        <p id={ids.hint} className="text-muted-foreground text-xs">
          Amounts in dollars with at most 2 decimals; leave empty for none. &lsquo;Offer made&rsquo;
          needs an offer amount.
        </p>
        {error ? (
          <p role="alert" className="text-danger text-sm">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AdminDialogCancel />
          <AdminSubmit pendingLabel="Saving...">Save changes</AdminSubmit>
        </div>
      </AdminForm>
    </AdminDialog>
  );
}

/**
 * Submissions (docs/product/administration.md: list; update status, estimated value, offer amount; delete;
 * docs/product/administration.md): items users submitted to sell, newest first. Admins and moderators update
 * them; only admins delete (after confirming).
 */
export function SubmissionsTab({
  data,
}: {
  data: SubmissionsTabData;
  role: "admin" | "moderator";
}) {
  const columns: AdminColumn<AdminSubmission>[] = [
    {
      header: "Item",
      cell: (submission) => (
        <span className="block max-w-64">
          <span className="block font-medium break-words">{submission.itemName}</span>
          <span
            className="text-muted-foreground line-clamp-2 text-xs break-words"
            title={submission.itemDescription}
          >
            {submission.itemDescription}
          </span>
        </span>
      ),
    },
    {
      header: "User",
      cell: (submission) => (
        <span className="block">
          <span className="block">{submission.userName}</span>
          <span className="text-muted-foreground block text-xs break-all">
            {submission.userEmail}
          </span>
        </span>
      ),
    },
    { header: "Category", cell: (submission) => submission.category },
    {
      header: "Reference",
      cell: (submission) => (
        <span className="font-mono text-xs whitespace-nowrap">
          {submissionReference(submission.id)}
        </span>
      ),
    },
    {
      header: "Estimated value",
      cell: (submission) => amount(submission.estimatedValueCents),
      numeric: true,
    },
    {
      header: "Status",
      cell: (submission) => (
        <Badge className={STATUS_STYLES[submission.status]}>
          {STATUS_LABELS[submission.status]}
        </Badge>
      ),
    },
    { header: "Offer", cell: (submission) => amount(submission.offerAmountCents), numeric: true },
    {
      header: "Submitted",
      cell: (submission) => <AdminTime value={submission.createdAt} dateOnly />,
    },
  ];
  if (data.canUpdate || data.canDelete) {
    columns.push({
      header: "Actions",
      pinned: true,
      cell: (submission) => (
        <div className="flex gap-2">
          {data.canUpdate ? <UpdateSubmission submission={submission} /> : null}
          {data.canDelete ? (
            <ConfirmDelete
              intent="delete-submission"
              fields={{ submissionId: submission.id }}
              title="Delete submission?"
              description={`"${submission.itemName}" from ${submission.userName} is deleted, with its status and any offer.`}
              triggerAriaLabel={`Delete submission ${submission.itemName}`}
            />
          ) : null}
        </div>
      ),
    });
  }
  return (
    <AdminSection
      title="Submissions"
      total={data.total}
      description={
        data.canDelete
          ? "Items submitted to sell, newest first."
          : "Items submitted to sell, newest first. Moderators update submissions; only admins delete them."
      }
      actions={<AdminSearch label="Search submissions" placeholder="Item, user email or name, PV-SUB reference" />}
    >
      <AdminTable
        caption="Submissions"
        rows={data.rows}
        rowKey={(submission) => submission.id}
        empty={data.q ? `No submissions match "${data.q}".` : "No submissions yet."}
        columns={columns}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label="Submissions pages" />
    </AdminSection>
  );
}
