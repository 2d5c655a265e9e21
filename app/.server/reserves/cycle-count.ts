import { and, desc, eq, inArray } from "drizzle-orm";
import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx } from "../context";
import { cycleCounts, slabs } from "../db/schema";
import { checkUploadSize, readCsvTable } from "../policy/read-csv-table";
import { COUNT_COLUMNS, REPORT_LIST_MAX, type CycleCountReport } from "~/lib/cycle-count";
import { CERT_PATTERN, GRADERS, type Grader, type SlabState } from "~/lib/slabs";

/** The most slab lines one count takes (a bin, or the vault in parts). */
export const COUNT_MAX_ROWS = 50_000;

/** States in which the books say a slab is on a shelf of the vault. */
export const ON_SHELF_STATES = [
  "intake",
  "house_stock",
  "in_pool",
  "owned",
  "shipping_out",
] as const satisfies readonly SlabState[];

/** A stored count, as the admin screen and /reserves show it. */
export type CycleCount = typeof cycleCounts.$inferSelect;

type Scan = { line: number; grader: Grader; cert: string; bin: string };

/** Reads the CSV's lines: good scans, and the lines left out with why. */
function readScans(csv: string, bin: string | null) {
  const rows = readCsvTable(csv, "count", COUNT_COLUMNS);
  checkUploadSize(rows.length, "count", {
    max: COUNT_MAX_ROWS,
    empty: "The CSV has no scanned lines",
    action: "count",
    unit: "lines",
  });
  const scans: Scan[] = [];
  const lineIssues: CycleCountReport["lineIssues"] = [];
  const firstLine = new Map<string, number>();
  rows.forEach((cells, i) => {
    const line = i + 2;
    const issue = (message: string) => lineIssues.push({ line, message });
    if (cells.length !== COUNT_COLUMNS.length) {
      return issue(`malformed: ${cells.length} fields, expected 3 (grader, cert, bin)`);
    }
    const [graderText, cert, scannedBin] = cells.map((c) => c.trim()) as [string, string, string];
    const grader = graderText.toUpperCase() as Grader;
    if (!GRADERS.includes(grader)) {
      return issue(`unknown grader "${graderText}" (PSA, BGS, CGC or SGC)`);
    }
    if (!CERT_PATTERN.test(cert)) return issue(`malformed cert "${cert}": 6 to 10 digits`);
    if (scannedBin === "" || scannedBin.length > 40) {
      return issue("malformed bin: 1 to 40 characters");
    }
    if (bin !== null && scannedBin !== bin) {
      return issue(`bin "${scannedBin}" is not the bin counted (${bin})`);
    }
    const key = `${grader}:${cert}`;
    const seen = firstLine.get(key);
    if (seen !== undefined) return issue(`${grader} ${cert} was already scanned on line ${seen}`);
    firstLine.set(key, line);
    scans.push({ line, grader, cert, bin: scannedBin });
  });
  return { lineCount: rows.length, scans, lineIssues };
}

/**
 * Records a cycle count (docs/decisions/043-proof-of-reserves.md "Cycle counts"): the certs
 * scanned in bin `bin` (or the whole vault when null), a CSV with the header `grader,cert,bin`,
 * reconciled against the books: slabs on the books there (states {@link ON_SHELF_STATES}, in that
 * bin) but not scanned are `missing`; scanned slabs the books do not hold (unknown cert, or
 * redeemed or written off) are `unexpected`; scanned slabs on the books in another bin are
 * `wrongBin`. Malformed lines, repeated certs and lines of another bin are reported line by line
 * and left out. Changes no slab; stores the count and its report and audits it
 * (`inventory.cycle-count`), in one transaction.
 * @throws DomainError `forbidden` (403) for anyone but an admin; `count_malformed`,
 * `count_header`, `count_empty`, `count_too_large` (400) for a file that cannot be counted.
 */
export async function recordCycleCount(
  ctx: Ctx,
  input: { csv: string; bin: string | null; fileName: string },
): Promise<CycleCount> {
  const actor = requireStaff(ctx, "managePacks");
  const { lineCount, scans, lineIssues } = readScans(input.csv, input.bin);
  return inTransaction(ctx, async (tx) => {
    const books = new Map<string, { bin: string; state: SlabState }>();
    const add = (rows: { grader: Grader; cert: string; bin: string; state: SlabState }[]) => {
      for (const row of rows) books.set(`${row.grader}:${row.cert}`, row);
    };
    const columns = { grader: slabs.grader, cert: slabs.cert, bin: slabs.bin, state: slabs.state };
    // The place counted: its slabs on the shelf.
    add(
      await tx.db
        .select(columns)
        .from(slabs)
        .where(
          and(
            inArray(slabs.state, [...ON_SHELF_STATES]),
            input.bin === null ? undefined : eq(slabs.bin, input.bin),
          ),
        ),
    );
    const expected = new Set(books.keys());
    // The scanned certs the place does not hold, wherever the books have them.
    const others = scans.filter((s) => !books.has(`${s.grader}:${s.cert}`));
    for (let i = 0; i < others.length; i += 1_000) {
      const part = others.slice(i, i + 1_000);
      add(
        await tx.db
          .select(columns)
          .from(slabs)
          .where(inArray(slabs.cert, [...new Set(part.map((s) => s.cert))])),
      );
    }
    const report: CycleCountReport = {
      bin: input.bin,
      lineIssues,
      missing: [],
      unexpected: [],
      wrongBin: [],
    };
    let unexpected = 0;
    let wrongBin = 0;
    for (const scan of scans) {
      const key = `${scan.grader}:${scan.cert}`;
      expected.delete(key);
      const book = books.get(key);
      const where = { line: scan.line, grader: scan.grader, cert: scan.cert };
      if (!book || !(ON_SHELF_STATES as readonly string[]).includes(book.state)) {
        unexpected += 1;
        if (report.unexpected.length < REPORT_LIST_MAX) {
          report.unexpected.push({
            ...where,
            reason: book
              ? `the books say it is ${book.state.replace("_", " ")}`
              : "not in the books",
          });
        }
      } else if (book.bin !== scan.bin) {
        wrongBin += 1;
        if (report.wrongBin.length < REPORT_LIST_MAX) {
          report.wrongBin.push({ ...where, scannedBin: scan.bin, bookBin: book.bin });
        }
      }
    }
    for (const key of expected) {
      if (report.missing.length >= REPORT_LIST_MAX) break;
      const [grader, cert] = key.split(":") as [Grader, string];
      const book = books.get(key)!;
      report.missing.push({ grader, cert, bin: book.bin, state: book.state });
    }
    const [stored] = await tx.db
      .insert(cycleCounts)
      .values({
        actorId: actor.userId,
        bin: input.bin,
        fileName: input.fileName,
        lineCount,
        scanned: scans.length,
        missing: expected.size,
        unexpected,
        wrongBin,
        badLines: lineIssues.length,
        report,
        createdAt: tx.now(),
      })
      .returning();
    await recordAudit(tx, {
      action: "inventory.cycle-count",
      targetType: "cycle_count",
      targetId: stored!.id,
      before: null,
      after: {
        bin: input.bin,
        fileName: input.fileName,
        scanned: stored!.scanned,
        missing: stored!.missing,
        unexpected,
        wrongBin,
        badLines: lineIssues.length,
      },
    });
    return stored!;
  });
}

/** The newest counts, newest first (the admin's history). */
export function recentCycleCounts(ctx: Pick<Ctx, "db">, limit = 20): Promise<CycleCount[]> {
  return ctx.db.select().from(cycleCounts).orderBy(desc(cycleCounts.id)).limit(limit);
}
