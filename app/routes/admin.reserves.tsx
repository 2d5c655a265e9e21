import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.reserves";
import { CountReport } from "./+reserves/count-report";
import { can } from "~/.server/policy/permissions";
import { requireRole } from "~/.server/auth/guards";
import { intent, runIntent } from "~/.server/http/run-intent";
import { recentCycleCounts, recordCycleCount } from "~/.server/reserves/cycle-count";
import { requestReserveSnapshot } from "~/.server/reserves/jobs";
import { latestSnapshot } from "~/.server/reserves/snapshots";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Time } from "~/components/ui/time";
import { discrepanciesOf } from "~/lib/cycle-count";
import { pageMeta } from "~/lib/meta";
import { cycleCountSchema, requestSnapshotSchema } from "~/lib/schemas/reserves";
import { useToasts } from "~/lib/toast";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Reserves and cycle counts", "Reserve snapshots and physical counts of the vault."),
  { name: "robots", content: "noindex" },
];

/**
 * /admin/reserves (docs/decisions/043-proof-of-reserves.md): staff only (moderators read). The
 * latest snapshot, "Build a snapshot now", the cycle-count upload and the counts so far with the
 * latest one's report.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, "admin", "moderator");
  const [snapshot, counts] = await Promise.all([
    latestSnapshot(context),
    recentCycleCounts(context),
  ]);
  return { snapshot, counts, canManage: can(user.role, "managePacks") };
}

/**
 * By `intent`, admins only (403 otherwise): "request-snapshot" queues a snapshot (audited);
 * "cycle-count" reconciles a scanned CSV against the books and stores the count (audited). Both
 * come back here with a toast; a refused CSV (header, empty, too large) is a 400 with its
 * message and nothing is stored.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent(
    args,
    {
      "request-snapshot": intent({
        schema: requestSnapshotSchema,
        allow: (user) => can(user.role, "managePacks"),
        run: (ctx) => requestReserveSnapshot(ctx),
        done: (queued) => ({
          redirect: "/admin/reserves",
          toasts: [
            {
              kind: "success",
              title: queued ? "Snapshot queued" : "A snapshot was already queued this minute",
              description: "It appears on /reserves once built.",
            },
          ],
        }),
        failureTitle: "Error requesting a snapshot",
      }),
      "cycle-count": intent({
        schema: cycleCountSchema,
        allow: (user) => can(user.role, "managePacks"),
        run: (ctx, input) => recordCycleCount(ctx, input),
        done: (count) => ({
          redirect: "/admin/reserves",
          toasts: [
            {
              kind: discrepanciesOf(count) + count.badLines === 0 ? "success" : "warning",
              title: `Count recorded: ${discrepanciesOf(count)} discrepancies`,
              description: `${count.scanned} scanned, ${count.missing} missing, ${count.unexpected} unexpected, ${count.wrongBin} in the wrong bin, ${count.badLines} lines left out.`,
            },
          ],
        }),
        failureTitle: "Error recording the count",
        invalidToast: (first) => ({
          kind: "error",
          title: "Error recording the count",
          description: first,
        }),
      }),
    },
    { home: "/admin/reserves" },
  );

/** The cycle-count form: bin, the CSV (pasted or read from a chosen file). */
function CountForm() {
  const busy = useNavigation().state === "submitting";
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState("");
  return (
    <Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="cycle-count" />
      <input type="hidden" name="fileName" value={fileName} />
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Bin counted</span>
        <input
          name="bin"
          maxLength={40}
          placeholder="Leave empty for the whole vault"
          className="bg-surface-2 rounded-md border px-3 py-2"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Scanner file (CSV)</span>
        <input
          type="file"
          accept=".csv,text/csv"
          className="text-sm"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (!file) return;
            setFileName(file.name);
            void file.text().then(setCsv);
          }}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Scanned lines</span>
        <textarea
          name="csv"
          required
          rows={8}
          value={csv}
          onChange={(event) => setCsv(event.currentTarget.value)}
          placeholder={"grader,cert,bin\nPSA,12345678,A-01"}
          className="bg-surface-2 rounded-md border px-3 py-2 font-mono text-xs"
          aria-describedby="count-help"
        />
      </label>
      <p id="count-help" className="text-muted-foreground text-xs">
        One slab a line under the header <code>grader,cert,bin</code>. Nothing on the books changes:
        the count is compared and kept.
      </p>
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? "Reconciling…" : "Reconcile count"}
      </Button>
    </Form>
  );
}

export default function AdminReservesPage({ loaderData, actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const { snapshot, counts, canManage } = loaderData;
  const latest = counts[0];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10">
      <PageHeader
        title="Reserves and cycle counts"
        lead="Snapshots commit every slab in custody to a public root; counts check the shelves against the books."
      />
      <p className="text-sm">
        <Link to="/admin" className="text-accent underline">
          Back to administration
        </Link>{" "}
        ·{" "}
        <Link to="/reserves" className="text-accent underline">
          Public page
        </Link>
      </p>
      <section aria-labelledby="snapshot" className="bg-surface rounded-xl border p-5">
        <h2 id="snapshot" className="text-lg font-semibold">
          Reserve snapshot
        </h2>
        <p className="text-muted-foreground mt-2 text-sm">
          {snapshot ? (
            <>
              Latest: #{snapshot.id}, <Time value={snapshot.createdAt} />,{" "}
              {snapshot.leafCount.toLocaleString("en-US")} slabs. A new one is built every day.
            </>
          ) : (
            "No snapshot yet. One is built every day, or now with the button."
          )}
        </p>
        {canManage ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="request-snapshot" />
            <Button type="submit">Build a snapshot now</Button>
          </Form>
        ) : null}
      </section>
      {canManage ? (
        <section aria-labelledby="count" className="bg-surface rounded-xl border p-5">
          <h2 id="count" className="mb-3 text-lg font-semibold">
            Record a cycle count
          </h2>
          <CountForm />
        </section>
      ) : null}
      <section aria-labelledby="counts" className="flex flex-col gap-3">
        <h2 id="counts" className="text-lg font-semibold">
          Counts
        </h2>
        {latest ? <CountReport count={latest} /> : <p className="text-sm">No count yet.</p>}
        {counts.length > 1 ? (
          <ul className="text-muted-foreground text-sm">
            {counts.slice(1).map((c) => (
              <li key={c.id}>
                #{c.id} <Time value={c.createdAt} />, {c.bin ?? "whole vault"}: {c.scanned} scanned,{" "}
                {discrepanciesOf(c)} discrepancies, {c.badLines} lines left out
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
