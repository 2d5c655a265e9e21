import { Pencil } from "lucide-react";
import { useId } from "react";
import type { AdminSubmission } from "~/.server/admin/submissions";
import { Select } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { submissionReference } from "~/lib/domain/market";
import { SUBMISSION_STATUS_LABELS as STATUS_LABELS } from "~/lib/domain/submission-status";
import { centsToDollars, formatCents } from "~/lib/money";
import { ADMIN_SUBMISSION_STATUSES, updateSubmissionSchema } from "~/lib/schemas/admin";
import {
  actionsColumn,
  NONE,
  personColumn,
  STATUS_TONES,
  statusColumn,
  timeColumn,
} from "./admin-columns";
import { AdminDialogButton, AdminFormDialog } from "./admin-dialog";
import { AdminField, AdminOptions } from "./admin-form";
import { AdminPagedSection } from "./admin-paged-section";
import type { AdminColumn } from "./admin-table";
import { ConfirmDelete } from "./confirm-delete";
import type { SubmissionsTabData } from "./submissions.server";
import type { AdminTabProps } from "./tab-contract";

const STATUS_STYLES = {
  pending: STATUS_TONES.waiting,
  reviewing: STATUS_TONES.handling,
  offer_made: STATUS_TONES.sent,
  accepted: STATUS_TONES.finished,
} as const;

/** An amount in a cell, or a dash. */
const amount = (cents: number | null) => (cents === null ? NONE : formatCents(cents));

/** The amounts of a submission's update form: field, label and the submission's cents. */
const AMOUNT_FIELDS = [
  ["estimatedValue", "Estimated value (USD)", "estimatedValueCents"],
  ["offerAmount", "Offer amount (USD)", "offerAmountCents"],
] as const;

/** The slab's fields an admin reads off a graded card when accepting it (docs/design.md "Inventory (real slabs)"). */
const SLAB_FIELDS = [
  ["grader", "Grader", "PSA, BGS, CGC or SGC"],
  ["cert", "Cert number", "12345678"],
  ["card", "Card (catalogue id)", "42"],
  ["grade", "Grade", "9"],
] as const;

/** 'Update' on a submission's row: status, estimated value and offer amount (staff). */
function UpdateSubmission({ submission }: { submission: AdminSubmission }) {
  const hintId = useId();
  const slabHintId = useId();
  return (
    <AdminFormDialog
      title="Update submission"
      description={`${submission.itemName}, submitted by ${submission.userName} (${submission.userEmail}).`}
      trigger={
        <AdminDialogButton
          icon={Pencil}
          label="Update"
          aria-label={`Update submission ${submission.itemName}`}
        />
      }
      intent="update-submission"
      fields={{ submissionId: submission.id }}
      schema={updateSubmissionSchema}
      formLabel={`Update ${submission.itemName}`}
    >
      <AdminField name="status" label="Status">
        <Select defaultValue={submission.status}>
          <AdminOptions values={ADMIN_SUBMISSION_STATUSES} labels={STATUS_LABELS} />
        </Select>
      </AdminField>
      <div className="grid gap-4 sm:grid-cols-2">
        {AMOUNT_FIELDS.map(([name, label, cents]) => (
          <AdminField key={name} name={name} label={label} describedBy={hintId}>
            <Input
              inputMode="decimal"
              defaultValue={centsToDollars(submission[cents])}
              placeholder="0.00"
              autoComplete="off"
            />
          </AdminField>
        ))}
      </div>
      <p id={hintId} className="text-muted-foreground text-xs">
        Amounts in dollars with at most 2 decimals; leave empty for none. &lsquo;Offer made&rsquo;
        needs an offer amount.
      </p>
      <fieldset className="grid gap-4 sm:grid-cols-2" aria-describedby={slabHintId}>
        <legend className="mb-2 text-sm font-medium">Graded slab (named with the offer)</legend>
        {SLAB_FIELDS.map(([name, label, placeholder]) => (
          <AdminField key={name} name={name} label={label} describedBy={slabHintId}>
            <Input
              placeholder={placeholder}
              defaultValue={submission.slabIdentity?.[name] ?? ""}
              autoComplete="off"
            />
          </AdminField>
        ))}
      </fieldset>
      <p id={slabHintId} className="text-muted-foreground text-xs">
        Name the slab with the offer: when it is accepted (here or by the collector on /sell), the
        slab is taken into intake at the offer amount. Leave all four empty for an item that is not
        a graded card; an accepted item can get its slab later. Moving an accepted item to another
        status writes its slab off while it is still in intake.
      </p>
    </AdminFormDialog>
  );
}

/**
 * Submissions (docs/product/administration.md: list; update status, estimated value, offer amount; delete;
 * docs/product/administration.md): items users submitted to sell, newest first. Admins and moderators update
 * them; only admins delete (after confirming).
 */
export function SubmissionsTab({ data }: AdminTabProps<SubmissionsTabData>) {
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
    personColumn("User", (submission) => ({
      name: submission.userName,
      email: submission.userEmail,
    })),
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
    statusColumn((submission) => submission.status, STATUS_LABELS, STATUS_STYLES),
    { header: "Offer", cell: (submission) => amount(submission.offerAmountCents), numeric: true },
    timeColumn("Submitted", (submission) => submission.createdAt, true),
  ];
  if (data.canUpdate || data.canDelete) {
    columns.push(
      actionsColumn((submission) => (
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
      )),
    );
  }
  return (
    <AdminPagedSection
      title="Submissions"
      description={
        data.canDelete
          ? "Items submitted to sell, newest first."
          : "Items submitted to sell, newest first. Moderators update submissions; only admins delete them."
      }
      search="Item, user email or name, PV-SUB reference"
      data={data}
      columns={columns}
    />
  );
}
