import { ArrowLeft, Ban, Pin, PinOff, PackageCheck } from "lucide-react";
import { Link } from "react-router";
import type { InventorySlabDetail } from "~/.server/inventory/slab-list";
import { SlabCert, SlabPhotos } from "~/components/cards/slab-cert";
import { Badge } from "~/components/ui/badge";
import { Input, Textarea } from "~/components/ui/input";
import { formatCents } from "~/lib/money";
import { WRITE_OFF_REASON_MAX, writeOffSlabSchema } from "~/lib/schemas/inventory";
import { pinSlabFmvSchema, unpinSlabFmvSchema } from "~/lib/schemas/value";
import { cardSlabOf, SLAB_STATE_LABELS, WRITE_OFF_STATES, type SlabState } from "~/lib/slabs";
import { AdminDialogButton, AdminFormDialog } from "./admin-dialog";
import { AdminField, AdminForm, AdminFormError, AdminSubmit } from "./admin-form";
import { AdminTime } from "./admin-table";

/** A custody state as a badge. */
export function SlabStateBadge({ state }: { state: SlabState }) {
  return <Badge>{SLAB_STATE_LABELS[state]}</Badge>;
}

/** 'Received and checked': moves a slab in intake to house stock (admins). */
function ReceiveSlab({ slab }: { slab: InventorySlabDetail }) {
  return (
    <AdminForm
      intent="receive-slab"
      fields={{ slabId: slab.id }}
      aria-label={`Receive ${slab.grader} ${slab.cert} into house stock`}
      className="space-y-2"
    >
      <AdminSubmit pendingLabel="Receiving...">
        <PackageCheck className="size-4" aria-hidden="true" />
        Received and checked
      </AdminSubmit>
      <AdminFormError />
    </AdminForm>
  );
}

/** 'Write off': asks for the reason, says it cannot be undone (admins). */
function WriteOffSlab({ slab }: { slab: InventorySlabDetail }) {
  return (
    <AdminFormDialog
      title={`Write off ${slab.grader} ${slab.cert}?`}
      description={`${slab.card.name} leaves the inventory for good: it can no longer be pooled or pulled. The reason is kept in its history and the audit log. This action cannot be undone.`}
      trigger={<AdminDialogButton icon={Ban} label="Write off" onRow={false} variant="outline" />}
      intent="write-off-slab"
      fields={{ slabId: slab.id }}
      schema={writeOffSlabSchema}
      formLabel={`Write off ${slab.grader} ${slab.cert}`}
      submitLabel="Write off"
    >
      <AdminField
        name="reason"
        label="Reason"
        hint={`Lost, damaged, returned to the seller... (at most ${WRITE_OFF_REASON_MAX} characters)`}
      >
        <Textarea rows={3} maxLength={WRITE_OFF_REASON_MAX} required />
      </AdminField>
    </AdminFormDialog>
  );
}

/** The reason field of a pin or an unpin (kept in the audit log). */
function ValueReason() {
  return (
    <AdminField name="reason" label="Reason" hint="Kept in the audit log (3 to 200 characters)">
      <Textarea rows={2} maxLength={200} required />
    </AdminField>
  );
}

/**
 * 'Pin FMV': a value in dollars and a reason; recomputes leave the slab alone until it is
 * unpinned (admins; docs/product/value.md "When values change").
 */
function PinFmv({ slab }: { slab: InventorySlabDetail }) {
  return (
    <AdminFormDialog
      title={`Pin the FMV of ${slab.grader} ${slab.cert}?`}
      description={`Its value is ${formatCents(slab.fmvCents)} now. A pinned value stays as typed: new sales and recomputes no longer move it until it is unpinned. The value and the reason are kept in the audit log.`}
      trigger={<AdminDialogButton icon={Pin} label="Pin FMV" onRow={false} variant="outline" />}
      intent="pin-slab-fmv"
      fields={{ slabId: slab.id }}
      schema={pinSlabFmvSchema}
      formLabel={`Pin the FMV of ${slab.grader} ${slab.cert}`}
      submitLabel="Pin FMV"
    >
      <AdminField name="fmv" label="Pinned FMV (dollars)">
        <Input inputMode="decimal" required defaultValue={(slab.fmvCents / 100).toFixed(2)} />
      </AdminField>
      <ValueReason />
    </AdminFormDialog>
  );
}

/** 'Unpin FMV': the slab follows its card's estimate again after the recompute (admins). */
function UnpinFmv({ slab }: { slab: InventorySlabDetail }) {
  return (
    <AdminFormDialog
      title={`Unpin the FMV of ${slab.grader} ${slab.cert}?`}
      description={`Its pinned value, ${formatCents(slab.fmvCents)}, gives way to the estimate from its card's sales (for its grader and grade) at the next recompute. The reason is kept in the audit log.`}
      trigger={
        <AdminDialogButton icon={PinOff} label="Unpin FMV" onRow={false} variant="outline" />
      }
      intent="unpin-slab-fmv"
      fields={{ slabId: slab.id }}
      schema={unpinSlabFmvSchema}
      formLabel={`Unpin the FMV of ${slab.grader} ${slab.cert}`}
      submitLabel="Unpin FMV"
    >
      <ValueReason />
    </AdminFormDialog>
  );
}

/**
 * One slab of the Inventory tab: its card, grader and cert (linking to the grader's
 * verification page), grade, money, bin, where it is (pool, owner), both photos and its custody
 * history; an admin's actions for its state, and pinning or unpinning its FMV.
 */
export function SlabDetail({
  slab,
  backHref,
  canManage,
}: {
  slab: InventorySlabDetail;
  backHref: string;
  canManage: boolean;
}) {
  const cardSlab = cardSlabOf({ ...slab, cardId: slab.card.id });
  const title = `${slab.card.name}${slab.card.variant ? ` (${slab.card.variant})` : ""}`;
  const facts: [string, React.ReactNode][] = [
    [
      "Card",
      <Link key="card" to={`/cards/${slab.card.id}`} className="text-accent underline">
        {slab.card.setName} #{slab.card.number}, {slab.card.year}
      </Link>,
    ],
    ["Grader and cert", <SlabCert key="cert" slab={cardSlab} />],
    ["Grade", slab.grade.toFixed(1)],
    ["FMV", `${formatCents(slab.fmvCents)}${slab.fmvPinned ? " (pinned)" : ""}`],
    ["Cost", formatCents(slab.costCents)],
    ["Acquired", slab.acquiredOn],
    ["Bin", slab.bin],
    ["State", <SlabStateBadge key="state" state={slab.state} />],
  ];
  if (slab.pack) facts.push(["Pool", `${slab.pack.name}, ${slab.pack.tier} tier`]);
  if (slab.owner) facts.push(["Owner", `${slab.owner.name} (${slab.owner.email})`]);
  if (slab.writeOffReason) facts.push(["Write-off reason", slab.writeOffReason]);
  const writable = (WRITE_OFF_STATES as readonly SlabState[]).includes(slab.state);
  return (
    <section aria-labelledby="slab-detail-title" className="space-y-6">
      <Link
        to={backHref}
        preventScrollReset
        className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the inventory
      </Link>
      <div className="space-y-1">
        <h2 id="slab-detail-title" className="text-xl font-semibold tracking-tight">
          {title}: {slab.grader} {slab.cert}
        </h2>
        <p className="text-muted-foreground text-sm">Slab {slab.id}</p>
      </div>
      <div className="grid gap-6 md:grid-cols-[1fr_auto]">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {slab.frontImageUrl || slab.backImageUrl ? (
          <SlabPhotos slab={cardSlab} name={slab.card.name} />
        ) : (
          <p className="text-muted-foreground text-sm">No photos taken in.</p>
        )}
      </div>
      {canManage ? (
        <div className="flex flex-wrap items-start gap-2">
          {slab.state === "intake" ? <ReceiveSlab slab={slab} /> : null}
          {slab.fmvPinned ? <UnpinFmv slab={slab} /> : <PinFmv slab={slab} />}
          {writable ? <WriteOffSlab slab={slab} /> : null}
        </div>
      ) : null}
      <div className="space-y-2">
        <h3 className="font-semibold">Custody history</h3>
        <ol className="space-y-2 border-l pl-4 text-sm">
          {slab.history.map((entry) => (
            <li key={entry.id}>
              <span className="font-medium">
                {entry.fromState
                  ? `${SLAB_STATE_LABELS[entry.fromState]} → ${SLAB_STATE_LABELS[entry.toState]}`
                  : `Taken in: ${SLAB_STATE_LABELS[entry.toState]}`}
              </span>
              {entry.pack ? <span> · {entry.pack.name}</span> : null}
              <span className="text-muted-foreground">
                {" "}
                · <AdminTime value={entry.at} />
              </span>
              {entry.reason ? <span className="block">Reason: {entry.reason}</span> : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
