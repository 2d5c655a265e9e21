import { parse } from "csv-parse/sync";
import { DomainError } from "../errors";

/**
 * The data lines of an uploaded CSV whose first line must be exactly `columns` (compared
 * trimmed and case-insensitively), as raw cells: the staff imports of slabs (docs/design.md "Inventory (real
 * slabs)"), comps (docs/product/value.md "Imported comps") and cycle counts
 * (docs/decisions/043-proof-of-reserves.md) read their files the same way. Lines may have any number of cells (the caller judges each line); empty
 * lines and a byte-order mark are skipped. The first data line is the file's line 2.
 * @throws DomainError `<code>_malformed` (400, 'The CSV cannot be read: …') when the text is not
 * CSV, `<code>_header` (400, 'The first line must be the header …') when the header differs.
 */
export function readCsvTable(csv: string, code: string, columns: readonly string[]): string[][] {
  let records: string[][];
  try {
    records = parse(csv, {
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
  } catch (error) {
    throw new DomainError(
      `${code}_malformed`,
      `The CSV cannot be read: ${error instanceof Error ? error.message : "unknown error"}`,
      400,
    );
  }
  const [header, ...rows] = records;
  if (!header || header.map((h) => h.trim().toLowerCase()).join(",") !== columns.join(",")) {
    throw new DomainError(
      `${code}_header`,
      `The first line must be the header ${columns.join(",")}`,
      400,
    );
  }
  return rows;
}

/**
 * Refuses an upload with no line or with more than `max` lines: `<code>_empty` (400, `empty`)
 * and `<code>_too_large` (400, `One <action> takes at most <max> <unit>`, the number written
 * en-US). The wording is each import's own, given by the caller.
 * @throws DomainError as above.
 */
export function checkUploadSize(
  lines: number,
  code: string,
  limit: { max: number; empty: string; action: string; unit: string },
): void {
  if (lines === 0) throw new DomainError(`${code}_empty`, limit.empty, 400);
  if (lines > limit.max) {
    throw new DomainError(
      `${code}_too_large`,
      `One ${limit.action} takes at most ${limit.max.toLocaleString("en-US")} ${limit.unit}`,
      400,
    );
  }
}
