import { ReceiptText, Truck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { AdminRedemption } from "~/.server/admin/redemptions";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/form-controls";
import { RarityBadge } from "~/components/ui/rarity-badge";
import {
  REDEMPTION_STATUS_LABELS as STATUS_LABELS,
  redemptionReference,
} from "~/lib/domain/redemptions";
import { ADMIN_REDEMPTION_STATUSES, updateRedemptionSchema } from "~/lib/schemas/admin";
import { actionsColumn, personColumn, statusColumn } from "./admin-columns";
import { AdminDialogButton, AdminFormDialog } from "./admin-dialog";
import { AdminField, AdminOptions } from "./admin-form";
import { AdminPagedSection } from "./admin-paged-section";
import { AdminTime, type AdminColumn } from "./admin-table";
import type { RedemptionsTabData } from "./redemptions.server";
import { ShippingAddress, SHIPPING_TONES, TrackingField, trackingColumn } from "./shipping";
import type { AdminTabProps } from "./tab-contract";

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

/** The fields of a redemption's update form: its status (with what moving there does) and tracking number. */
function RedemptionFields({ redemption }: { redemption: AdminRedemption }) {
  const [status, setStatus] = useState(redemption.status);
  return (
    <>
      <AdminField name="status" label="Status" hint={effectOf(redemption, status)}>
        <Select
          value={status}
          onChange={(event) => setStatus(event.target.value as AdminRedemption["status"])}
        >
          <AdminOptions values={ADMIN_REDEMPTION_STATUSES} labels={STATUS_LABELS} />
        </Select>
      </AdminField>
      <TrackingField value={redemption.trackingNumber} />
    </>
  );
}

/** 'Update' on a redemption's row: its status and tracking number (admins only). */
function UpdateRedemption({ redemption }: { redemption: AdminRedemption }) {
  return (
    <AdminFormDialog
      title="Update redemption"
      description={`${redemption.card.name} for ${redemption.shipping.name}, ${redemption.shipping.city}, ${redemption.shipping.state}. The owner sees the status and tracking number.`}
      trigger={
        <AdminDialogButton
          icon={Truck}
          label="Update"
          aria-label={`Update redemption of ${redemption.card.name} for ${redemption.ownerEmail}`}
        />
      }
      intent="update-redemption"
      fields={{ redemptionId: redemption.id }}
      schema={updateRedemptionSchema}
      formLabel={`Update redemption of ${redemption.card.name}`}
    >
      <RedemptionFields redemption={redemption} />
    </AdminFormDialog>
  );
}

/** 'Packing slip' on a redemption's row: its printable page (every staff member). */
function PackingSlipLink({ redemption }: { redemption: AdminRedemption }) {
  return (
    <Button variant="outline" size="sm" asChild>
      <Link
        to={`/admin/redemptions/${redemption.id}/packing-slip`}
        aria-label={`Packing slip of ${redemption.card.name} for ${redemption.ownerEmail}`}
      >
        <ReceiptText className="size-4" aria-hidden="true" />
        Packing slip
      </Link>
    </Button>
  );
}

/**
 * Redemptions (docs/product/administration.md: list; set status and tracking number; docs/product/administration.md): every
 * request to ship a card with its owner, address, status, tracking number and dates. Admins
 * update the status and tracking number (`shipped_at` / `delivered_at` stamped on the first move
 * there; cancelling returns the card to the vault); moderators only read.
 */
export function RedemptionsTab({ data }: AdminTabProps<RedemptionsTabData>) {
  const columns: AdminColumn<AdminRedemption>[] = [
    {
      header: "Card",
      cell: (redemption) => (
        <span className="block space-y-1">
          <span className="block font-medium">{redemption.card.name}</span>
          <span className="text-muted-foreground block text-xs">
            {redemptionReference(redemption.id)}
          </span>
          <RarityBadge rarity={redemption.card.rarity} />
          <span className="text-muted-foreground block text-xs">
            {redemption.slab
              ? `${redemption.slab.grader} cert ${redemption.slab.cert}, bin ${redemption.slab.bin}`
              : "Issued before inventory-backed packs (no slab)"}
          </span>
        </span>
      ),
    },
    personColumn("Owner", (redemption) => ({
      name: redemption.ownerName,
      email: redemption.ownerEmail,
    })),
    {
      header: "Ship to",
      cell: ({ shipping }) => <ShippingAddress shipping={shipping} className="text-xs leading-5" />,
    },
    statusColumn((redemption) => redemption.status, STATUS_LABELS, SHIPPING_TONES),
    trackingColumn((redemption) => ({ number: redemption.trackingNumber })),
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
  columns.push(
    actionsColumn((redemption) => (
      <span className="flex flex-wrap gap-2">
        <PackingSlipLink redemption={redemption} />
        {data.canManage ? <UpdateRedemption redemption={redemption} /> : null}
      </span>
    )),
  );
  return (
    <AdminPagedSection
      title="Redemptions"
      description={
        data.canManage
          ? "Cards requested for shipping, newest first. Cancelling returns the card to its owner's vault."
          : "Cards requested for shipping, newest first. Read-only: only admins update redemptions."
      }
      search="Card, owner, recipient or tracking number"
      data={data}
      columns={columns}
    />
  );
}
