import { ShieldBan } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { FraudOverview } from "~/.server/admin/fraud";
import { Badge } from "~/components/ui/badge";
import { Select } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { AdminField, AdminForm, AdminFormError, AdminSubmit } from "./admin-form";
import { AdminSearch } from "./admin-search";
import { AdminPagedSection, onePage } from "./admin-paged-section";
import { AdminTime, type AdminColumn } from "./admin-table";
import { ConfirmDelete } from "./confirm-delete";
import type { AdminTabProps } from "./tab-contract";

type FraudData = FraudOverview & { q: string; today: string };

/** docs/product/administration.md: 100 login attempts fetched, 50 shown (app/.server/admin/fraud.ts). */
const FRAUD_FETCH_LIMIT = 100;
const LOGIN_ATTEMPTS_SHOWN = 50;

const SEVERITY_STYLES: Record<FraudData["suspicious"][number]["severity"], string> = {
  low: "border-slate-400/50 bg-slate-400/15 text-foreground",
  medium: "border-amber-500/50 bg-amber-400/15 text-foreground",
  high: "border-orange-500/50 bg-orange-500/15 text-foreground",
  critical: "border-danger bg-danger/15 text-foreground",
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Suspicious Activity's columns: type, severity (coloured), description, IP and time. */
const suspiciousColumns: AdminColumn<FraudData["suspicious"][number]>[] = [
  { header: "Type", cell: (row) => row.activityType },
  {
    header: "Severity",
    cell: (row) => (
      <Badge className={SEVERITY_STYLES[row.severity]}>{capitalize(row.severity)}</Badge>
    ),
  },
  { header: "Description", cell: (row) => row.description, className: "max-w-md" },
  { header: "IP", cell: (row) => row.ipAddress ?? "—" },
  { header: "Time", cell: (row) => <AdminTime value={row.createdAt} /> },
];

/** Login Attempts' columns: email, success or failure (with its reason), IP and time. */
const loginAttemptColumns: AdminColumn<FraudData["loginAttempts"][number]>[] = [
  { header: "Email", cell: (row) => <span className="break-all">{row.email}</span> },
  {
    header: "Success",
    cell: (row) =>
      row.success ? (
        <Badge className="border-emerald-500/50 bg-emerald-500/15 text-foreground">Success</Badge>
      ) : (
        <Badge className="border-danger bg-danger/15 text-foreground">Failed</Badge>
      ),
  },
  { header: "Failure reason", cell: (row) => row.failureReason ?? "—" },
  { header: "IP", cell: (row) => row.ipAddress ?? "—" },
  { header: "Time", cell: (row) => <AdminTime value={row.createdAt} /> },
];

/** 'Block an email or IP' (docs/product/administration.md): type, value, reason and an optional end date. */
function BlockForm({ today }: { today: string }) {
  const [type, setType] = useState<"email" | "ip">("email");
  const form = useRef<HTMLDivElement>(null);
  const hintId = useId();
  return (
    <div ref={form} className="bg-surface rounded-xl border p-4">
      <h3 className="font-semibold">Block an email or IP address</h3>
      <AdminForm
        intent="block-entity"
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_1fr_1fr_11rem_auto] lg:items-end"
        aria-label="Block an email or IP address"
        onSuccess={() => {
          form.current?.querySelector("form")?.reset();
          setType("email");
        }}
      >
        <AdminField name="entityType" label="Type">
          <Select value={type} onChange={(event) => setType(event.target.value as "email" | "ip")}>
            <option value="email">Email</option>
            <option value="ip">IP address</option>
          </Select>
        </AdminField>
        <AdminField name="entityValue" label={type === "email" ? "Email" : "IP address"}>
          <Input
            type={type === "email" ? "email" : "text"}
            inputMode={type === "email" ? "email" : "text"}
            required
            maxLength={254}
            autoComplete="off"
            placeholder={type === "email" ? "name@example.com" : "203.0.113.7 or 2001:db8::1"}
          />
        </AdminField>
        <AdminField name="reason" label="Reason">
          <Input required maxLength={500} autoComplete="off" />
        </AdminField>
        <AdminField name="blockedUntil" label="Block until (optional)" describedBy={hintId}>
          <Input type="date" min={today} />
        </AdminField>
        <AdminSubmit pendingLabel="Blocking..." className="sm:col-span-2 lg:col-span-1">
          <ShieldBan className="size-4" aria-hidden="true" />
          Block
        </AdminSubmit>
        <p id={hintId} className="text-muted-foreground text-xs sm:col-span-2 lg:col-span-5">
          Empty means permanent; a date blocks through the end of that day (UTC). Blocking an email
          also signs that account out everywhere.
        </p>
        <AdminFormError className="sm:col-span-2 lg:col-span-5" />
      </AdminForm>
    </div>
  );
}

/**
 * Fraud (docs/product/administration.md): blocked entities newest first with the block form and unblock (admins;
 * moderators only read), suspicious activity (the newest 100) and login attempts (50 shown of
 * the newest 100 fetched).
 */
export function FraudTab({ data, role }: AdminTabProps<FraudData>) {
  const admin = role === "admin";
  return (
    <div className="space-y-10">
      <AdminPagedSection
        title="Blocked Entities"
        caption="Blocked entities"
        description={
          admin
            ? "Newest first. A blocked email or IP cannot sign in or sign up ('Access Denied')."
            : "Newest first. Read-only: only admins block and unblock."
        }
        actions={
          <div className="space-y-4">
            {admin ? <BlockForm today={data.today} /> : null}
            <AdminSearch label="Search blocked entities" placeholder="Email, IP or reason" />
          </div>
        }
        emptyLabel="Nothing is blocked."
        data={{ ...data.blocked, q: data.q }}
        columns={[
          { header: "Type", cell: (row) => (row.entityType === "ip" ? "IP" : "Email") },
          {
            header: "Value",
            cell: (row) => <span className="break-all">{row.entityValue}</span>,
          },
          { header: "Reason", cell: (row) => row.reason, className: "max-w-xs" },
          {
            header: "Blocked until",
            cell: (row) => (
              <span className="flex flex-wrap items-center gap-2">
                {row.blockedUntil ? <AdminTime value={row.blockedUntil} /> : "Permanent"}
                {row.active ? null : <Badge>Expired</Badge>}
              </span>
            ),
          },
          { header: "Blocked at", cell: (row) => <AdminTime value={row.createdAt} /> },
          ...(admin
            ? [
                {
                  header: "Actions",
                  pinned: true,
                  cell: (row: FraudData["blocked"]["rows"][number]) => (
                    <ConfirmDelete
                      intent="unblock-entity"
                      fields={{ blockId: row.id }}
                      title={`Unblock ${row.entityValue}?`}
                      description="The block is deleted and this email or IP may sign in and sign up again."
                      triggerLabel="Unblock"
                      triggerAriaLabel={`Unblock ${row.entityValue}`}
                      confirmLabel="Unblock"
                      pendingLabel="Unblocking..."
                    />
                  ),
                },
              ]
            : []),
        ]}
      />

      <AdminPagedSection
        title="Suspicious Activity"
        caption="Suspicious activity"
        description="The newest 100 events."
        emptyLabel="No suspicious activity."
        data={onePage(data.suspicious)}
        columns={suspiciousColumns}
      />

      <AdminPagedSection
        title="Login Attempts"
        caption="Login attempts"
        description={`Sign-ins and sign-ups, newest first: ${LOGIN_ATTEMPTS_SHOWN} shown of the latest ${FRAUD_FETCH_LIMIT} fetched.`}
        emptyLabel="No sign-in attempts yet."
        data={onePage(data.loginAttempts.slice(0, LOGIN_ATTEMPTS_SHOWN))}
        columns={loginAttemptColumns}
      />
    </div>
  );
}
