import { eq } from "drizzle-orm";
import { recordAudit } from "../policy/audit";
import { requireStaff } from "../policy/permissions";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { slabs } from "../db/schema";
import { DomainError } from "../errors";
import { SLAB_STATE_LABELS, WRITE_OFF_STATES, type SlabState } from "~/lib/slabs";

/**
 * Locks slab `slabId` and checks it is in one of `expected` states (the lock makes two staff
 * members acting on the same slab take turns: the second sees the first one's move).
 * @returns the slab's state, grader and cert.
 * @throws DomainError `not_found` (404); `slab_state` (409) naming the state it is in now.
 */
async function lockSlabIn(
  tx: Pick<TxCtx, "db">,
  slabId: number,
  expected: readonly SlabState[],
): Promise<{ state: SlabState; grader: string; cert: string }> {
  const [slab] = await tx.db
    .select({ state: slabs.state, grader: slabs.grader, cert: slabs.cert })
    .from(slabs)
    .where(eq(slabs.id, slabId))
    .for("update");
  if (!slab) throw new DomainError("not_found", "Slab not found", 404);
  if (!expected.includes(slab.state)) {
    const wanted = expected.map((state) => SLAB_STATE_LABELS[state].toLowerCase()).join(" or ");
    throw new DomainError(
      "slab_state",
      `This slab is ${SLAB_STATE_LABELS[slab.state].toLowerCase()} now, not ${wanted}: nothing was changed.`,
      409,
    );
  }
  return slab;
}

/**
 * A custody move staff make: slab `slabId`, expected in one of the `from` states, gets `change`
 * (its new state, and the reason of a write-off); `action` is the audit row's action, with
 * `noted` added to its after.
 */
export type SlabMove = {
  slabId: number;
  from: readonly SlabState[];
  action: string;
  change: { state: SlabState; writeOffReason?: string };
  noted?: Record<string, unknown>;
};

/**
 * Makes `move` in the caller's transaction: locks the slab in one of its `from` states
 * ({@link lockSlabIn}), writes the change (stamped `updatedAt`), and audits the action on the
 * slab: its state before, the new state with `noted`, grader and cert after. The slabs trigger
 * records the move in the slab's history.
 * @throws DomainError as {@link lockSlabIn}.
 */
export async function moveSlabInTx(
  tx: TxCtx,
  { slabId, from, action, change, noted = {} }: SlabMove,
): Promise<void> {
  const slab = await lockSlabIn(tx, slabId, from);
  await tx.db
    .update(slabs)
    .set({ ...change, updatedAt: tx.now() })
    .where(eq(slabs.id, slabId));
  await recordAudit(tx, {
    action,
    targetType: "slab",
    targetId: slabId,
    before: { state: slab.state },
    after: { state: change.state, ...noted, grader: slab.grader, cert: slab.cert },
  });
}

/** {@link moveSlabInTx} in ONE transaction of its own. */
const moveSlabAudited = (ctx: Ctx, move: SlabMove) =>
  inTransaction(ctx, (tx) => moveSlabInTx(tx, move));

/**
 * 'Received and checked' (docs/design.md "Inventory (real slabs)"): slab `slabId` moves from intake
 * to house stock, ready to be pooled, in ONE transaction with its audit row
 * (`inventory.receive`); the slabs trigger records the move in its history. Under the
 * slab's row lock, so of two staff members receiving the same slab one wins and the other is
 * refused.
 * @throws DomainError `forbidden` (403) for anyone but an admin; `not_found` (404);
 * `slab_state` (409) when the slab is not in intake.
 */
export async function receiveSlab(ctx: Ctx, input: { slabId: number }): Promise<void> {
  requireStaff(ctx, "manageInventory");
  await moveSlabAudited(ctx, {
    slabId: input.slabId,
    from: ["intake"],
    action: "inventory.receive",
    change: { state: "house_stock" },
  });
}

/**
 * Writes slab `slabId` off (lost, damaged, returned to its seller; docs/design.md "Inventory (real
 * slabs)"): only from intake or house stock (a pooled slab leaves its pool first; a collector's
 * is theirs), with the reason, which the slab and its history keep. ONE transaction with its
 * audit row (`inventory.write_off`); under the slab's row lock, so of two staff members acting
 * on the same slab one wins and the other is refused.
 * @throws DomainError `forbidden` (403) for anyone but an admin; `not_found` (404);
 * `slab_state` (409) when the slab is in another state.
 */
export async function writeOffSlab(
  ctx: Ctx,
  input: { slabId: number; reason: string },
): Promise<void> {
  requireStaff(ctx, "manageInventory");
  await moveSlabAudited(ctx, writeOff(input.slabId, WRITE_OFF_STATES, input.reason));
}

/**
 * The write-off of slab `slabId` from one of the `from` states with `reason` (the slab and its
 * history keep it; the audit row is `inventory.write_off`).
 */
export const writeOff = (slabId: number, from: readonly SlabState[], reason: string): SlabMove => ({
  slabId,
  from,
  action: "inventory.write_off",
  change: { state: "written_off", writeOffReason: reason },
  noted: { reason },
});
