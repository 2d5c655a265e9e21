import { Link } from "react-router";
import type { Route } from "./+types/admin.inventory.comps";
import { can } from "~/.server/policy/permissions";
import { intent, runIntent } from "~/.server/http/run-intent";
import { importComps, type CompImportReport } from "~/.server/value/comp-import";
import { importCompsSchema } from "~/lib/schemas/value";
import { COMP_IMPORT_COLUMNS } from "~/lib/value/comps";
import { useToasts } from "~/lib/toast";
import { adminImportLoader } from "./+admin/import-page.server";
import { importPageMeta, ImportReport } from "./+admin/import-report";
import { ApplyImportForm, ImportColumns, ImportFileForm, ImportPage } from "./+admin/file-import";

export const meta: Route.MetaFunction = () =>
  importPageMeta("Import sales", "Import outside sales of graded cards as comps.");

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
export const loader = (args: Route.LoaderArgs) => adminImportLoader(args);

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
    <ImportReport
      heading={
        report.written
          ? "Import done"
          : refused
            ? "Refused: nothing was written"
            : "Dry run: nothing was written"
      }
      summary={
        refused
          ? `${report.refused} ${report.refused === 1 ? "line is" : "lines are"} refused, so no sale is imported: fix ${report.refused === 1 ? "it" : "them"} and check the file again.`
          : `${report.added} ${report.added === 1 ? "sale" : "sales"} ${report.written ? "were" : "would be"} added, ${report.unchanged} ${report.unchanged === 1 ? "is" : "are"} already imported (unchanged).`
      }
      written={report.written}
      lines={report.lines}
      empty="The file has no sales."
      outcome={(line) =>
        line.outcome === "refused" ? (
          <span className="text-danger font-medium">Refused</span>
        ) : line.outcome === "unchanged" ? (
          "Already imported"
        ) : report.written ? (
          "Added"
        ) : (
          "Add"
        )
      }
      detail={(line) =>
        line.outcome === "refused" ? (
          line.message
        ) : (
          <Link to={`/cards/${line.cardId}`} className="text-accent underline">
            Card {line.cardId}
          </Link>
        )
      }
    />
  );
}

export default function ImportComps({ actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const report = actionData?.report;
  const pasted = actionData?.text ?? "";
  const format = actionData?.format ?? "csv";
  const errors =
    actionData?.fieldErrors.text ?? actionData?.fieldErrors.format ?? actionData?.fieldErrors.mode;
  const refusal = actionData && !report && !errors ? actionData.toasts.at(-1)?.description : null;
  return (
    <ImportPage
      title="Import sales"
      lead="Add sales of graded cards made elsewhere (eBay, Goldin...) to the comps behind each card's fair market value. Check the file with a dry run first: it shows each line's outcome and writes nothing. If any line is refused, nothing is imported; importing the same file twice adds nothing the second time."
    >
      <ImportColumns
        intro={
          <>
            A CSV with the header <code className="font-mono">{COMP_IMPORT_COLUMNS.join(",")}</code>
            , or a JSON array of objects with those keys; one sale each (at most 5,000):
          </>
        }
        help={FIELD_HELP}
        examples={[CSV_EXAMPLE, JSON_EXAMPLE]}
      />
      <ImportFileForm
        label="Check a file of sales"
        name="text"
        accept=".csv,.json,text/csv,application/json"
        chooseLabel="Choose a file"
        value={pasted}
        placeholder={CSV_EXAMPLE}
        errors={errors}
        refusal={refusal}
      >
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
      </ImportFileForm>
      {report ? <CompReport report={report} /> : null}
      {report?.dryRun && report.refused === 0 && report.added > 0 ? (
        <ApplyImportForm
          fields={{ intent: "import-comps", format, text: pasted }}
          count={report.added}
          noun={{ one: "sale", many: "sales" }}
        />
      ) : null}
    </ImportPage>
  );
}
