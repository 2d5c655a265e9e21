import { Truck } from "lucide-react";
import { useId, useState } from "react";
import type { AdminRedemption } from "~/.server/admin/redemptions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { RarityBadge } from "~/components/ui/rarity-badge";
import { ADMIN_REDEMPTION_STATUSES } from "~/lib/schemas/admin";
import { AdminDialog, AdminDialogCancel } from "./admin-dialog";
import { AdminForm, AdminSubmit } from "./admin-form";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, AdminTime, type AdminColumn } from "./admin-table";
import { AdminPagination } from "./pagination";
import type { RedemptionsTabData } from "./redemptions.server";

const STATUS_LABELS: Record<AdminRedemption["status"], string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

const STATUS_STYLES: Record<AdminRedemption["status"], string | undefined> = {
  pending: "border-amber-500/50 bg-amber-400/15 text-foreground",
  processing: "border-sky-500/50 bg-sky-500/15 text-foreground",
  shipped: "border-blue-500/50 bg-blue-500/15 text-foreground",
  delivered: "border-emerald-500/50 bg-emerald-500/15 text-foreground",
  cancelled: undefined,
};

/** What moving to `status` does beyond the status itself, for the form's hint. */
function effectOf(redemption: AdminRedemption, status: AdminRedemption["status"]): string | null {
  if (status === redemption.status) return null;
  if (status === "cancelled")
    return `${redemption.card.name} goes back to ${redemption.ownerName}'s vault.`;
  if (redemption.status === "cancelled") {
    return `${redemption.card.name} is taken out of ${redemption.ownerName}'s vault again (only if it is still there).`;
  }
  if (status === "shipped" && !redemption.shippedAt) return "The shipping date is recorded now.";
  if (status === "delivered" && !redemption.deliveredAt)
    return "The delivery date is recorded now.";
  return null;
}

/** 'Update' on a redemption's row: its status and tracking number (admins only). */
function UpdateRedemption({ redemption }: { redemption: AdminRedemption }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState(redemption.status);
  const ids = { status: useId(), tracking: useId(), effect: useId() };
  const effect = effectOf(redemption, status);
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
        setStatus(redemption.status);
      }}
      title="Update redemption"
      description={`${redemption.card.name} for ${redemption.shipping.name}, ${redemption.shipping.city}, ${redemption.shipping.state}. The owner sees the status and tracking number.`}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Update redemption of ${redemption.card.name} for ${redemption.ownerEmail}`}
        >
          <Truck className="size-4" aria-hidden="true" />
          Update
        </Button>
      }
    >
      <AdminForm
        intent="update-redemption"
        fields={{ redemptionId: redemption.id }}
        onSuccess={() => setOpen(false)}
        onError={setError}
        className="space-y-4"
        aria-label={`Update redemption of ${redemption.card.name}`}
      >
        <div className="space-y-1.5">
          <label htmlFor={ids.status} className="block text-sm font-medium">
            Status
          </label>
          <select
            id={ids.status}
            name="status"
            value={status}
            onChange={(event) => setStatus(event.target.value as AdminRedemption["status"])}
            aria-describedby={effect ? ids.effect : undefined}
            className="bg-background h-10 w-full rounded-md border px-3 text-sm"
          >
            {ADMIN_REDEMPTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
          {effect ? (
            <p id={ids.effect} className="text-muted-foreground text-xs">
              {effect}
            </p>
          ) : null}
        </div>
        <div className="space-y-1.5">
          <label htmlFor={ids.tracking} className="block text-sm font-medium">
            Tracking number
          </label>
          <Input
            id={ids.tracking}
            name="trackingNumber"
            maxLength={64}
            defaultValue={redemption.trackingNumber ?? ""}
            autoComplete="off"
            placeholder="1Z999AA10123456784"
          />
        </div>
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
 * Redemptions (docs/product/administration.md: list; set status and tracking number; docs/product/administration.md): every
 * request to ship a card with its owner, address, status, tracking number and dates. Admins
 * update the status and tracking number (`shipped_at` / `delivered_at` stamped on the first move
 * there; cancelling returns the card to the vault); moderators only read.
 */
export function RedemptionsTab({
  data,
}: {
  data: RedemptionsTabData;
  role: "admin" | "moderator";
}) {
  const columns: AdminColumn<AdminRedemption>[] = [
    {
      header: "Card",
      cell: (redemption) => (
        <span className="block space-y-1">
          <span className="block font-medium">{redemption.card.name}</span>
          <RarityBadge rarity={redemption.card.rarity} />
        </span>
      ),
    },
    {
      header: "Owner",
      cell: (redemption) => (
        <span className="block">
          <span className="block">{redemption.ownerName}</span>
          <span className="text-muted-foreground block text-xs break-all">
            {redemption.ownerEmail}
          </span>
        </span>
      ),
    },
    {
      header: "Ship to",
      cell: ({ shipping }) => (
        <address className="text-xs leading-5 not-italic">
          {shipping.name}
          <br />
          {shipping.address}
          <br />
          {shipping.city}, {shipping.state} {shipping.zip}
          <br />
          {shipping.country}
        </address>
      ),
    },
    {
      header: "Status",
      cell: (redemption) => (
        <Badge className={STATUS_STYLES[redemption.status]}>
          {STATUS_LABELS[redemption.status]}
        </Badge>
      ),
    },
    {
      header: "Tracking",
      cell: (redemption) =>
        redemption.trackingNumber ? (
          <span className="font-mono text-xs break-all">{redemption.trackingNumber}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      header: "Dates",
      cell: (redemption) => (
        <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs leading-5">
          <dt className="text-muted-foreground">Requested</dt>
          <dd>
            <AdminTime value={redemption.requestedAt} dateOnly />
          </dd>
          <dt className="text-muted-foreground">Shipped</dt>
          <dd>
            <AdminTime value={redemption.shippedAt} dateOnly />
          </dd>
          <dt className="text-muted-foreground">Delivered</dt>
          <dd>
            <AdminTime value={redemption.deliveredAt} dateOnly />
          </dd>
        </dl>
      ),
    },
  ];
  if (data.canManage) {
    columns.push({
      header: "Actions",
      pinned: true,
      cell: (redemption) => <UpdateRedemption redemption={redemption} />,
    });
  }
  return (
    <AdminSection
      title="Redemptions"
      total={data.total}
      description={
        data.canManage
          ? "Cards requested for shipping, newest first. Cancelling returns the card to its owner's vault."
          : "Cards requested for shipping, newest first. Read-only: only admins update redemptions."
      }
      actions={
        <AdminSearch
          label="Search redemptions"
          placeholder="Card, owner, recipient or tracking number"
        />
      }
    >
      <AdminTable
        caption="Redemptions"
        rows={data.rows}
        rowKey={(redemption) => redemption.id}
        empty={data.q ? `No redemptions match "${data.q}".` : "No redemptions yet."}
        columns={columns}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label="Redemptions pages" />
    </AdminSection>
  );
}
