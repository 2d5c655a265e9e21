import { inArray } from "drizzle-orm";
import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx } from "../context";
import { cards, comps } from "../db/schema";
import { DomainError } from "../errors";
import { checkUploadSize, readCsvTable } from "../policy/read-csv-table";
import { dollarsToCents, type Cents } from "~/lib/money";
import { GRADERS, GRADE_SCALES, isOnGradeScale, type Grader } from "~/lib/slabs";
import { COMP_IMPORT_COLUMNS } from "~/lib/value/comps";
import { enqueueCardRecompute } from "./recompute-jobs";

/** The most comps one import takes. */
export const COMP_IMPORT_MAX_ROWS = 5_000;

/** What happened to one line (CSV: counted from 1, the header included; JSON: the item, from 1). */
export type CompImportLine =
  | { line: number; outcome: "added" | "unchanged"; cardId: number }
  | { line: number; outcome: "refused"; message: string };

/**
 * An import's report. `written`: false for a dry run or when any line was refused: then nothing
 * changed, and the lines marked `added` say what the file (corrected) would add.
 */
export type CompImportReport = {
  dryRun: boolean;
  written: boolean;
  lines: CompImportLine[];
  added: number;
  unchanged: number;
  refused: number;
};

type Accepted = {
  line: number;
  cardId: number;
  grader: Grader;
  grade: number;
  priceCents: Cents;
  day: string;
  source: string;
  url: string | null;
};

const MONEY = /^\d{1,8}(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A row's cells as text, from a CSV line or a JSON object. */
type Cells = Record<(typeof COMP_IMPORT_COLUMNS)[number], string>;

/** Checks one row's own fields at `today` (YYYY-MM-DD, UTC); the card is checked later. */
function checkFields(line: number, cells: Cells, today: string): { message: string } | Accepted {
  const grader = cells.grader.toUpperCase();
  if (!/^\d+$/.test(cells.card)) return { message: `unknown card "${cells.card}"` };
  if (!(GRADERS as readonly string[]).includes(grader)) {
    return { message: `unknown grader "${cells.grader}" (PSA, BGS, CGC or SGC)` };
  }
  const grade = Number(cells.grade);
  if (cells.grade === "" || !isOnGradeScale(grader as Grader, grade)) {
    const scale = GRADE_SCALES[grader as Grader];
    return {
      message: `unknown grade "${cells.grade}" for ${grader} (${scale.min} to ${scale.max} in steps of ${scale.step})`,
    };
  }
  if (!MONEY.test(cells.price) || Number(cells.price) <= 0) {
    return { message: `price "${cells.price}" must be a positive amount in dollars, like 120.50` };
  }
  const day = cells.date.slice(0, 10);
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    return { message: `malformed date "${cells.date}": YYYY-MM-DD` };
  }
  if (day > today) return { message: `date ${day} is in the future` };
  if (cells.source === "" || cells.source.length > 40) {
    return { message: "source must be 1 to 40 characters (eBay, Goldin...)" };
  }
  if (cells.url !== "" && !/^https?:\/\/\S{1,500}$/.test(cells.url)) {
    return { message: `malformed URL "${cells.url}": http(s)://...` };
  }
  return {
    line,
    cardId: Number(cells.card),
    grader: grader as Grader,
    grade,
    priceCents: dollarsToCents(Number(cells.price)),
    day,
    source: cells.source,
    url: cells.url === "" ? null : cells.url,
  };
}

/** The key that makes an imported comp unique: the same sale imported twice is one comp. */
function importKeyOf(row: Accepted): string {
  return [
    row.cardId,
    row.grader,
    row.grade,
    row.priceCents,
    row.day,
    row.source.toLowerCase(),
    row.url ?? "",
  ].join("|");
}

/** Reads the rows of a CSV (with its header) or a JSON array, as numbered cells. */
function readRows(text: string, format: "csv" | "json"): { line: number; cells: Cells | null }[] {
  if (format === "json") {
    let items: unknown;
    try {
      items = JSON.parse(text);
    } catch {
      throw new DomainError("comp_import_malformed", "The JSON cannot be read", 400);
    }
    if (!Array.isArray(items)) {
      throw new DomainError("comp_import_malformed", "The JSON must be an array of sales", 400);
    }
    return items.map((item: unknown, i) => {
      if (typeof item !== "object" || item === null) return { line: i + 1, cells: null };
      const record = item as Record<string, unknown>;
      const cells = Object.fromEntries(
        COMP_IMPORT_COLUMNS.map((key) => {
          const value = record[key];
          return [
            key,
            typeof value === "string" || typeof value === "number" ? String(value).trim() : "",
          ];
        }),
      ) as Cells;
      return { line: i + 1, cells };
    });
  }
  const rows = readCsvTable(text, "comp_import", COMP_IMPORT_COLUMNS);
  return rows.map((cells, i) => ({
    line: i + 2,
    cells:
      cells.length === COMP_IMPORT_COLUMNS.length
        ? (Object.fromEntries(
            COMP_IMPORT_COLUMNS.map((key, k) => [key, cells[k]!.trim()]),
          ) as Cells)
        : null,
  }));
}

/**
 * Imports outside comps (docs/product/value.md "Imported comps"): a CSV with the header
 * `card,grader,grade,price,date,source,url` or a JSON array of objects with those keys (`card`
 * the catalogue card's id, `price` in dollars, `date` YYYY-MM-DD, `url` may be empty). Every
 * line is checked first; a line is `refused`, with its reason, for a malformed row, an unknown
 * card, grader or grade (off the grader's scale), a non-positive price, a date after today
 * (UTC, at `ctx.now()`), a bad source or URL. If ANY line is refused, nothing is written
 * (`written: false`): fix the file and import it again. Otherwise, in ONE transaction, every
 * new sale is `added` and a sale already imported (same card, grader, grade, price, date,
 * source and URL), or repeated in the file, is `unchanged` (the import is idempotent); an
 * import that adds something is audited (`comp.import`) and enqueues its cards' recomputes.
 * `dryRun`: the same checks and report, and nothing is written.
 * @throws DomainError `forbidden` (403) for anyone but an admin; `comp_import_malformed`,
 * `comp_import_header`, `comp_import_empty` and `comp_import_too_large` (400).
 */
export async function importComps(
  ctx: Ctx,
  input: { text: string; format: "csv" | "json"; dryRun?: boolean },
): Promise<CompImportReport> {
  requireStaff(ctx, "manageValues");
  const rows = readRows(input.text, input.format);
  checkUploadSize(rows.length, "comp_import", {
    max: COMP_IMPORT_MAX_ROWS,
    empty: "The file has no sales",
    action: "import",
    unit: "sales",
  });
  const today = ctx.now().toISOString().slice(0, 10);
  return inTransaction(ctx, async (tx) => {
    const checked = rows.map(({ line, cells }) =>
      cells
        ? checkFields(line, cells, today)
        : {
            message: `malformed: expected the fields ${COMP_IMPORT_COLUMNS.join(", ")}`,
          },
    );
    const candidates = checked.flatMap((row) => ("message" in row ? [] : [row]));
    const cardIds = [...new Set(candidates.map((row) => row.cardId))].filter(Number.isSafeInteger);
    const knownCards = new Set(
      cardIds.length === 0
        ? []
        : (await tx.db.select({ id: cards.id }).from(cards).where(inArray(cards.id, cardIds))).map(
            (c) => c.id,
          ),
    );
    const keys = candidates.map(importKeyOf);
    const stored = new Set(
      keys.length === 0
        ? []
        : (
            await tx.db
              .select({ key: comps.importKey })
              .from(comps)
              .where(inArray(comps.importKey, keys))
          ).map((c) => c.key),
    );
    const seen = new Set<string>();
    const accepted: (Accepted & { key: string })[] = [];
    const lines: CompImportLine[] = checked.map((row, i) => {
      const line = rows[i]!.line;
      if ("message" in row) return { line, outcome: "refused", message: row.message };
      if (!knownCards.has(row.cardId)) {
        return { line, outcome: "refused", message: `unknown card "${row.cardId}"` };
      }
      const key = importKeyOf(row);
      if (stored.has(key) || seen.has(key))
        return { line, outcome: "unchanged", cardId: row.cardId };
      seen.add(key);
      accepted.push({ ...row, key });
      return { line, outcome: "added", cardId: row.cardId };
    });
    const count = (outcome: CompImportLine["outcome"]) =>
      lines.filter((l) => l.outcome === outcome).length;
    const refused = count("refused");
    const dryRun = input.dryRun === true;
    const written = refused === 0 && !dryRun;
    if (written && accepted.length > 0) {
      for (let at = 0; at < accepted.length; at += 1_000) {
        await tx.db.insert(comps).values(
          accepted.slice(at, at + 1_000).map((row) => ({
            cardId: row.cardId,
            grader: row.grader,
            grade: row.grade,
            priceCents: row.priceCents,
            soldAt: new Date(`${row.day}T00:00:00Z`),
            source: row.source,
            url: row.url,
            importKey: row.key,
          })),
        );
      }
      await recordAudit(tx, {
        action: "comp.import",
        targetType: "comps",
        targetId: `${accepted.length} sales`,
        before: null,
        after: { added: accepted.length, cards: [...new Set(accepted.map((a) => a.cardId))] },
      });
      for (const cardId of new Set(accepted.map((a) => a.cardId))) {
        await enqueueCardRecompute(tx, cardId);
      }
    }
    return {
      dryRun,
      written,
      lines,
      added: refused === 0 ? accepted.length : 0,
      unchanged: count("unchanged"),
      refused,
    };
  });
}
