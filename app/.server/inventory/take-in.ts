import type { TxCtx } from "../context";
import { slabs } from "../db/schema";
import { DomainError } from "../errors";
import { assessRows, type Accepted } from "./intake";

/** One slab's intake fields once checked (what {@link checkSlabFields} returns). */
type CheckedSlab = Accepted;

/**
 * Checks one slab's intake fields (the CSV's columns, as typed: grader, cert, card id, grade,
 * cost and FMV in dollars, bin) as a CSV line of the intake is (`requireTierFit` false skips the
 * FMV-fits-a-pack rule), reading the catalogue and the inventory in the caller's transaction.
 * @returns the fields parsed (canonical grader, cents).
 * @throws DomainError `slab_refused` (400) with the check's message, capitalised
 * ('Unknown card "999999"', 'Duplicate cert: PSA 12345678 is already slab 4, ...').
 */
export async function checkSlabFields(
  tx: TxCtx,
  fields: string[],
  requireTierFit = true,
): Promise<CheckedSlab> {
  const { lines, accepted } = await assessRows(tx, [fields], 1, requireTierFit);
  const [row] = accepted;
  if (row) return row;
  const [grader = "", cert = ""] = fields;
  const line = lines[0];
  const message =
    line?.outcome === "refused"
      ? line.message
      : `duplicate cert: ${grader.toUpperCase()} ${cert} is already in the inventory`;
  throw new DomainError("slab_refused", message.charAt(0).toUpperCase() + message.slice(1), 400);
}

/**
 * Takes one slab into intake from its intake fields, checked by {@link checkSlabFields}, acquired
 * on `tx.now()`'s date, with `extra` columns (photos, the submission it came from), in the
 * caller's transaction.
 * @returns the new slab's id, grader (canonical), cert and card id.
 * @throws DomainError `slab_refused` (400) from {@link checkSlabFields}.
 */
export async function takeInSlab(
  tx: TxCtx,
  fields: string[],
  extra: Partial<typeof slabs.$inferInsert>,
  requireTierFit = true,
): Promise<{ id: number; grader: string; cert: string; cardId: number }> {
  const row = await checkSlabFields(tx, fields, requireTierFit);
  const [slab] = await tx.db
    .insert(slabs)
    .values({
      cardId: row.cardId,
      grader: row.grader,
      cert: row.cert,
      grade: row.grade,
      costCents: row.costCents,
      fmvCents: row.fmvCents,
      bin: row.bin,
      acquiredOn: tx.now().toISOString().slice(0, 10),
      state: "intake",
      ...extra,
    })
    .returning({ id: slabs.id, grader: slabs.grader, cert: slabs.cert, cardId: slabs.cardId });
  return slab!;
}
