import { and, eq, inArray, or } from "drizzle-orm";
import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { cards, packs, slabs } from "../db/schema";
import { checkUploadSize, readCsvTable } from "../policy/read-csv-table";
import { dollarsToCents, type Cents } from "~/lib/money";
import { INTAKE_COLUMNS, INTAKE_MAX_ROWS, type IntakeLine, type IntakeReport } from "~/lib/intake";
import { RARITIES } from "~/lib/packs";
import {
  CERT_PATTERN,
  GRADERS,
  GRADE_SCALES,
  isOnGradeScale,
  tierBand,
  type Grader,
} from "~/lib/slabs";

/** A row that passed every check, as it will be stored. */
export type Accepted = {
  line: number;
  grader: Grader;
  cert: string;
  cardId: number;
  grade: number;
  costCents: Cents;
  fmvCents: Cents;
  bin: string;
};

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * Checks one row's own fields (not the database): its shape, grader, cert, grade on the
 * grader's scale, money and bin. Returns the refusal's message, or the parsed row.
 */
function checkFields(
  line: number,
  cells: string[],
): { message: string } | (Omit<Accepted, "cardId"> & { card: string }) {
  if (cells.length !== INTAKE_COLUMNS.length) {
    return {
      message: `malformed: ${cells.length} fields, expected ${INTAKE_COLUMNS.length} (${INTAKE_COLUMNS.join(", ")})`,
    };
  }
  const [graderText, cert, card, gradeText, cost, fmv, bin] = cells.map((c) => c.trim()) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const grader = graderText.toUpperCase();
  if (!(GRADERS as readonly string[]).includes(grader)) {
    return { message: `unknown grader "${graderText}" (PSA, BGS, CGC or SGC)` };
  }
  if (!CERT_PATTERN.test(cert)) return { message: `malformed cert "${cert}": 6 to 10 digits` };
  const grade = Number(gradeText);
  if (gradeText === "" || !isOnGradeScale(grader as Grader, grade)) {
    const scale = GRADE_SCALES[grader as Grader];
    return {
      message: `grade "${gradeText}" is outside ${grader}'s scale (${scale.min} to ${scale.max} in steps of ${scale.step})`,
    };
  }
  if (!MONEY.test(cost)) return { message: `malformed cost "${cost}": dollars, like 120.50` };
  if (!MONEY.test(fmv)) return { message: `malformed FMV "${fmv}": dollars, like 150.00` };
  if (bin === "" || bin.length > 40) return { message: "malformed bin: 1 to 40 characters" };
  return {
    line,
    grader: grader as Grader,
    cert,
    card,
    grade,
    costCents: dollarsToCents(Number(cost)),
    fmvCents: dollarsToCents(Number(fmv)),
    bin,
  };
}

/**
 * Checks rows of intake fields (the CSV's columns, in order; the first is line `firstLine`)
 * against the rules and the inventory, in the caller's transaction, locking the slabs they
 * name: which would be added, which are already present (`unchanged`) and which are refused,
 * with why. Writes nothing. `requireTierFit` false skips the check that the FMV fits a tier of
 * a pack on sale (a slab bought from a collector is taken in at any price).
 */
export async function assessRows(
  tx: TxCtx,
  rows: string[][],
  firstLine: number,
  requireTierFit = true,
): Promise<{ lines: IntakeLine[]; accepted: Accepted[] }> {
  const lines: IntakeLine[] = [];
  const parsed = rows.map((cells, i) => checkFields(i + firstLine, cells));
  const candidates = parsed.flatMap((row) => ("message" in row ? [] : [row]));
  const cardIds = [...new Set(candidates.map((row) => Number(row.card)))].filter(
    Number.isSafeInteger,
  );
  const knownCards = new Set(
    cardIds.length === 0
      ? []
      : (await tx.db.select({ id: cards.id }).from(cards).where(inArray(cards.id, cardIds))).map(
          (c) => c.id,
        ),
  );
  const existing =
    candidates.length === 0
      ? []
      : await tx.db
          .select()
          .from(slabs)
          .where(
            or(
              ...candidates.map((row) =>
                and(eq(slabs.grader, row.grader), eq(slabs.cert, row.cert)),
              ),
            ),
          )
          .for("update");
  const stored = new Map(existing.map((s) => [`${s.grader}:${s.cert}`, s]));
  const activePacks = await tx.db
    .select({ priceCents: packs.priceCents })
    .from(packs)
    .where(eq(packs.isActive, true));
  const fitsSomeTier = (fmvCents: Cents) =>
    activePacks.some((pack) =>
      RARITIES.some((rarity) => {
        const band = tierBand(pack.priceCents, rarity);
        return fmvCents >= band.min && fmvCents <= band.max;
      }),
    );
  const seen = new Map<string, number>();
  const accepted: Accepted[] = [];
  parsed.forEach((row, i) => {
    const line = i + firstLine;
    if ("message" in row) {
      lines.push({ line, outcome: "refused", message: row.message });
      return;
    }
    const key = `${row.grader}:${row.cert}`;
    const cardId = Number(row.card);
    if (!/^\d+$/.test(row.card) || !knownCards.has(cardId)) {
      lines.push({ line, outcome: "refused", message: `unknown card "${row.card}"` });
      return;
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      lines.push({
        line,
        outcome: "refused",
        message: `duplicate cert: ${row.grader} ${row.cert} is also on line ${earlier}`,
      });
      return;
    }
    seen.set(key, line);
    const slab = stored.get(key);
    if (slab) {
      const same =
        slab.cardId === cardId &&
        slab.grade === row.grade &&
        slab.costCents === row.costCents &&
        slab.fmvCents === row.fmvCents &&
        slab.bin === row.bin;
      lines.push(
        same
          ? { line, outcome: "unchanged", grader: row.grader, cert: row.cert }
          : {
              line,
              outcome: "refused",
              message: `duplicate cert: ${row.grader} ${row.cert} is already slab ${slab.id}, with other details`,
            },
      );
      return;
    }
    if (requireTierFit && !fitsSomeTier(row.fmvCents)) {
      lines.push({
        line,
        outcome: "refused",
        message: `FMV fits no tier of any pack on sale`,
      });
      return;
    }
    accepted.push({ ...row, cardId, line });
    lines.push({ line, outcome: "added", grader: row.grader, cert: row.cert });
  });
  return { lines, accepted };
}

/**
 * Imports slabs from a CSV (docs/design.md "Inventory (real slabs)"; the intake of the admin's
 * Inventory tab): a header line `grader,cert,card,grade,cost,fmv,bin`, then one slab per line
 * (`card` the catalogue card's id, `cost` and `fmv` in dollars). In ONE transaction:
 * - a line whose grader and cert are already in the inventory with the same card, grade, cost,
 *   FMV and bin is `unchanged` (the import is idempotent on grader + cert);
 * - a line is `refused`, with a message, and changes nothing, when it is malformed (fields,
 *   cert, money, bin), names an unknown grader or card, has a grade outside its grader's
 *   scale, repeats a grader + cert of another slab (in the inventory with other data, or on an
 *   earlier line), or has an FMV that fits no tier of any active pack
 *   (0.7-1.3 x the tier's multiplier x the pack's price);
 * - every other line is `added`: a slab in state `intake` (its history row written by the
 *   slabs trigger), acquired at `ctx.now()`'s date.
 * With `dryRun` nothing is written and the report says what would happen. An import that adds
 * something writes an audit row (`inventory.import`).
 * @throws DomainError `forbidden` (403) for anyone but an admin; `intake_empty` (400, 'The CSV
 * has no slab lines') and `intake_too_large` (400) for a file without lines or over
 * {@link INTAKE_MAX_ROWS}; `intake_header` (400) for a missing or different header.
 */
export async function importSlabs(
  ctx: Ctx,
  input: { csv: string; dryRun: boolean },
): Promise<IntakeReport> {
  requireStaff(ctx, "manageInventory");
  const rows = readCsvTable(input.csv, "intake", INTAKE_COLUMNS);
  checkUploadSize(rows.length, "intake", {
    max: INTAKE_MAX_ROWS,
    empty: "The CSV has no slab lines",
    action: "import",
    unit: "slabs",
  });
  return inTransaction(ctx, async (tx) => {
    const { lines, accepted } = await assessRows(tx, rows, 2);
    if (!input.dryRun && accepted.length > 0) {
      const acquiredOn = tx.now().toISOString().slice(0, 10);
      await tx.db.insert(slabs).values(
        accepted.map(({ line: _line, ...row }) => ({
          ...row,
          acquiredOn,
          state: "intake" as const,
        })),
      );
      await recordAudit(tx, {
        action: "inventory.import",
        targetType: "slabs",
        targetId: `${accepted[0]!.grader}:${accepted[0]!.cert}`,
        before: null,
        after: { added: accepted.length, certs: accepted.map((a) => `${a.grader} ${a.cert}`) },
      });
    }
    const count = (outcome: IntakeLine["outcome"]) =>
      lines.filter((l) => l.outcome === outcome).length;
    return {
      dryRun: input.dryRun,
      lines,
      added: count("added"),
      unchanged: count("unchanged"),
      refused: count("refused"),
    };
  });
}
