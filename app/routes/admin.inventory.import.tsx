import type { Route } from "./+types/admin.inventory.import";
import { can } from "~/.server/policy/permissions";
import { intent, runIntent } from "~/.server/http/run-intent";
import { importSlabs } from "~/.server/inventory/intake";
import { INTAKE_COLUMNS, type IntakeReport } from "~/lib/intake";
import { importSlabsSchema } from "~/lib/schemas/inventory";
import { useToasts } from "~/lib/toast";
import { adminImportLoader } from "./+admin/import-page.server";
import { importPageMeta, ImportReport as ReportTable } from "./+admin/import-report";
import { ApplyImportForm, ImportColumns, ImportFileForm, ImportPage } from "./+admin/file-import";

export const meta: Route.MetaFunction = () =>
  importPageMeta("Import slabs", "Take graded slabs into the vault's inventory from a CSV.");

/** What each column of the intake CSV holds, for the page's explanation. */
const COLUMN_HELP: Record<(typeof INTAKE_COLUMNS)[number], string> = {
  grader: "PSA, BGS, CGC or SGC",
  cert: "the cert number on the slab's label: 6 to 10 digits",
  card: "the catalogue card's id (shown under each card on the Inventory tab)",
  grade: "on the grader's scale: PSA 1 to 10 in whole grades, the others in half grades",
  cost: "what the house paid, in dollars (120.50)",
  fmv: "the fair market value, in dollars; it must fit a tier of a pack on sale",
  bin: "the vault location, 1 to 40 characters (A-12)",
};

const EXAMPLE = `${INTAKE_COLUMNS.join(",")}\nPSA,70000001,1,9,12.00,20.00,A-1`;

/** /admin/inventory/import: admins only (others are sent away as from /admin). */
export const loader = (args: Route.LoaderArgs) => adminImportLoader(args);

/**
 * The CSV import of the Inventory tab (docs/design.md "Inventory (real slabs)", importSlabs): a dry
 * run (`mode=dry-run`) answers with the report of what the file would do and writes nothing;
 * `apply` imports the good lines and answers with the same report. Admins only (403 for anyone
 * else, thrown by the seam); a file the import cannot read is a 400 with its message.
 */
export const action = (args: Route.ActionArgs) =>
  runIntent<{ report: IntakeReport; csv: string }>(
    args,
    {
      "import-slabs": intent({
        schema: importSlabsSchema,
        allow: (user) => can(user.role, "manageInventory"),
        failureTitle: "Error importing slabs",
        run: (ctx, input) => importSlabs(ctx, { csv: input.csv, dryRun: input.mode === "dry-run" }),
        done: (report, input) => ({
          reply: { report, csv: input.csv },
          toasts: report.dryRun
            ? []
            : [
                {
                  kind: "success",
                  title: "Slabs imported successfully",
                  description: `${report.added} added, ${report.unchanged} already in the inventory, ${report.refused} refused.`,
                },
              ],
        }),
      }),
    },
    { home: "/admin/inventory/import" },
  );

const OUTCOME_LABELS = { added: "Add", unchanged: "Already present", refused: "Refused" } as const;

/** The report of a dry run or an import, line by line, with its counts. */
function ImportReport({ report }: { report: IntakeReport }) {
  const verb = report.dryRun ? "would be" : "were";
  return (
    <ReportTable
      heading={report.dryRun ? "Dry run: nothing was written" : "Import done"}
      summary={
        <>
          {report.added} {report.added === 1 ? "slab" : "slabs"} {verb} added in intake,{" "}
          {report.unchanged} {report.unchanged === 1 ? "is" : "are"} already in the inventory
          (unchanged), {report.refused} {report.refused === 1 ? "line is" : "lines are"} refused and
          change nothing.
        </>
      }
      written={!report.dryRun}
      lines={report.lines}
      empty="The file has no lines."
      outcome={(line) => (
        <span className={line.outcome === "refused" ? "text-danger font-medium" : undefined}>
          {line.outcome === "added" && !report.dryRun ? "Added" : OUTCOME_LABELS[line.outcome]}
        </span>
      )}
      detail={(line) => (line.outcome === "refused" ? line.message : `${line.grader} ${line.cert}`)}
    />
  );
}

export default function ImportSlabs({ actionData }: Route.ComponentProps) {
  useToasts(actionData?.toasts);
  const report = actionData?.report;
  const csv = actionData?.csv ?? "";
  const errors = actionData?.fieldErrors.csv ?? actionData?.fieldErrors.mode;
  const refusal = actionData && !report && !errors ? actionData.toasts.at(-1)?.description : null;
  return (
    <ImportPage
      title="Import slabs"
      lead="Take graded slabs into the vault from a CSV. Check the file with a dry run first: it shows what would be added, what is already in the inventory and which lines are refused, and writes nothing. Refused lines never change anything; importing the same file twice adds nothing the second time."
    >
      <ImportColumns
        intro={
          <>
            A header line <code className="font-mono">{INTAKE_COLUMNS.join(",")}</code>, then one
            slab per line (at most 5,000):
          </>
        }
        help={COLUMN_HELP}
        examples={[EXAMPLE]}
      />
      <ImportFileForm
        label="Check a CSV of slabs"
        name="csv"
        accept=".csv,text/csv"
        chooseLabel="Choose a CSV file"
        value={csv}
        placeholder={EXAMPLE}
        errors={errors}
        refusal={refusal}
      >
        <input type="hidden" name="intent" value="import-slabs" />
      </ImportFileForm>
      {report ? <ImportReport report={report} /> : null}
      {report?.dryRun && report.added > 0 ? (
        <ApplyImportForm
          fields={{ intent: "import-slabs", csv }}
          count={report.added}
          noun={{ one: "slab", many: "slabs" }}
        />
      ) : null}
    </ImportPage>
  );
}
