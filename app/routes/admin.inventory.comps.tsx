import { ArrowLeft, FileCheck, FileUp } from "lucide-react";
import { useRef, type ChangeEvent } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.inventory.comps";
import { useSubmittingHere } from "./+content/forms";
import { can } from "~/.server/admin/permissions";
import { requireRole } from "~/.server/auth/guards";
import { intent, runIntent } from "~/.server/http/run-intent";
import { importComps, type CompImportReport } from "~/.server/value/comp-import";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-controls";
import { Textarea } from "~/components/ui/input";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { importCompsSchema } from "~/lib/schemas/value";
import { COMP_IMPORT_COLUMNS } from "~/lib/value/comps";
import { useToasts } from "~/lib/toast";
import { AdminTable } from "./+admin/admin-table";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Import sales", "Import outside sales of graded cards as comps."),
  { name: "robots", content: "noindex" },
];

/** What each field of an imported sale holds, for the page's explanation. */
const FIELD_HELP: Record<(typeof COMP_IMPORT_COLUMNS)[number], string> = {
  card: "the catalogue card's id (in the address of its page, /cards/12)",
  grader: "PSA, BGS, CGC or SGC",
  grade: "on the grader's scale: PSA 1 to 10 in whole grades, the others in half grades",
  price: "what it sold for, in dollars (120.50)",
  date: "the day it sold, YYYY-MM-DD, not after today",
  source: "where it sold: eBay, Goldin, PWCC... (1 to 40 characters)",
  url: "the sale's page, http(s)://... (may be empty)",
};

const CSV_EXAMPLE = `${COMP_IMPORT_COLUMNS.join(",")}\n1,PSA,9,120.50,2026-10-01,eBay,https://www.ebay.com/itm/1`;
const JSON_EXAMPLE = `[{"card": 1, "grader": "PSA", "grade": 9, "price": 120.5, "date": "2026-10-01", "source": "eBay", "url": ""}]`;

/** /admin/inventory/comps: admins only (others are sent away as from /admin). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  return null;
}

/**
 * The sales import of the Inventory tab (docs/product/value.md "Imported comps", importComps):
 * a dry run (`mode=dry-run`) answers with the report of what the file would do and writes
 * nothing; `apply` imports it and answers with the same report (nothing is written if a line is
 * refused). Admins only (403 for anyone else, thrown by the seam); a file the import cannot
 * read is a 400 with its message.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent<{ report: CompImportReport; text: string; format: "csv" | "json" }>(
    args,
    {
      "import-comps": intent({
        schema: importCompsSchema,
        allow: (user) => can(user.role, "manageValues"),
        failureTitle: "Error importing sales",
        run: (ctx, input) =>
          importComps(ctx, {
            text: input.text,
            format: input.format,
            dryRun: input.mode === "dry-run",
          }),
        done: (report, input) => ({
          reply: { report, text: input.text, format: input.format },
          toasts: report.written
            ? [
                {
                  kind: "success",
                  title: "Sales imported successfully",
                  description: `${report.added} added, ${report.unchanged} already imported. The cards' values are being recomputed.`,
                },
              ]
            : [],
        }),
      }),
    },
    { home: "/admin/inventory/comps" },
  );

/** The report of a dry run or an import, line by line, with its counts. */
function CompReport({ report }: { report: CompImportReport }) {
  const refused = report.refused > 0;
  return (
    <section aria-labelledby="import-report" className="space-y-3">
      <h2 id="import-report" className="text-xl font-semibold tracking-tight">
        {report.written
          ? "Import done"
          : refused
            ? "Refused: nothing was written"
            : "Dry run: nothing was written"}
      </h2>
      <p role="status" className="text-sm">
        {refused
          ? `${report.refused} ${report.refused === 1 ? "line is" : "lines are"} refused, so no sale is imported: fix ${report.refused === 1 ? "it" : "them"} and check the file again.`
          : `${report.added} ${report.added === 1 ? "sale" : "sales"} ${report.written ? "were" : "would be"} added, ${report.unchanged} ${report.unchanged === 1 ? "is" : "are"} already imported (unchanged).`}
      </p>
      <AdminTable
        caption={report.written ? "What the import did" : "What the import would do"}
        rows={report.lines}
        rowKey={(line) => line.line}
        empty="The file has no sales."
        columns={[
          { header: "Line", numeric: true, cell: (line) => line.line },
          {
            header: "Outcome",
            cell: (line) =>
              line.outcome === "refused" ? (
                <span className="text-danger font-medium">Refused</span>
              ) : line.outcome === "unchanged" ? (
                "Already imported"
              ) : report.written ? (
                "Added"
              ) : (
                "Add"
              ),
          },
          {
            header: "Detail",
            cell: (line) =>
              line.outcome === "refused" ? (
                line.message
              ) : (
                <Link to={`/cards/${line.cardId}`} className="text-accent underline">
                  Card {line.cardId}
                </Link>
              ),
          },
        ]}
      />
    </section>
  );
}

export default function ImportComps({ actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const text = useRef<HTMLTextAreaElement>(null);
  const submitting = useSubmittingHere();
  const report = actionData?.report;
  const pasted = actionData?.text ?? "";
  const format = actionData?.format ?? "csv";
  const errors =
    actionData?.fieldErrors.text ?? actionData?.fieldErrors.format ?? actionData?.fieldErrors.mode;
  const refusal = actionData && !report && !errors ? actionData.toasts.at(-1)?.description : null;
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file && text.current) text.current.value = await file.text();
  };
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-10 sm:py-12">
      <Link
        to="/admin?tab=inventory"
        className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the inventory
      </Link>
      <PageHeader
        title="Import sales"
        lead="Add sales of graded cards made elsewhere (eBay, Goldin...) to the comps behind each card's fair market value. Check the file with a dry run first: it shows each line's outcome and writes nothing. If any line is refused, nothing is imported; importing the same file twice adds nothing the second time."
      />
      <section aria-labelledby="comp-fields" className="space-y-2 text-sm">
        <h2 id="comp-fields" className="text-lg font-semibold">
          The file
        </h2>
        <p>
          A CSV with the header <code className="font-mono">{COMP_IMPORT_COLUMNS.join(",")}</code>,
          or a JSON array of objects with those keys; one sale each (at most 5,000):
        </p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          {COMP_IMPORT_COLUMNS.map((column) => (
            <div key={column} className="contents">
              <dt className="font-mono">{column}</dt>
              <dd className="text-muted-foreground">{FIELD_HELP[column]}</dd>
            </div>
          ))}
        </dl>
        <p>Examples:</p>
        <pre className="bg-surface-2 overflow-x-auto rounded-md border p-3 font-mono text-xs">
          {CSV_EXAMPLE}
        </pre>
        <pre className="bg-surface-2 overflow-x-auto rounded-md border p-3 font-mono text-xs">
          {JSON_EXAMPLE}
        </pre>
      </section>
      <Form method="post" className="space-y-3" aria-label="Check a file of sales">
        <input type="hidden" name="intent" value="import-comps" />
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">Format</legend>
          <div className="flex gap-4 text-sm" key={format}>
            {(["csv", "json"] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2">
                <input type="radio" name="format" value={value} defaultChecked={format === value} />
                {value.toUpperCase()}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor="comps-file" className="block text-sm font-medium">
            Choose a file
          </label>
          <input
            id="comps-file"
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(event) => void readFile(event)}
            className="block text-sm"
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="comps-text" className="block text-sm font-medium">
            Or paste it
          </label>
          <Textarea
            ref={text}
            id="comps-text"
            name="text"
            rows={10}
            required
            defaultValue={pasted}
            key={pasted}
            spellCheck={false}
            className="font-mono text-xs"
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors || refusal ? "comps-error" : undefined}
            placeholder={CSV_EXAMPLE}
          />
          <FormError id="comps-error" errors={errors ?? (refusal ? [refusal] : undefined)} />
        </div>
        <Button type="submit" name="mode" value="dry-run" disabled={submitting}>
          <FileCheck className="size-4" aria-hidden="true" />
          {submitting ? "Checking..." : "Dry run"}
        </Button>
      </Form>
      {report ? <CompReport report={report} /> : null}
      {report?.dryRun && report.refused === 0 && report.added > 0 ? (
        <Form method="post" aria-label="Apply the import">
          <input type="hidden" name="intent" value="import-comps" />
          <input type="hidden" name="format" value={format} />
          <input type="hidden" name="text" value={pasted} />
          <Button type="submit" name="mode" value="apply" disabled={submitting}>
            <FileUp className="size-4" aria-hidden="true" />
            {submitting
              ? "Importing..."
              : `Import ${report.added} ${report.added === 1 ? "sale" : "sales"}`}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
