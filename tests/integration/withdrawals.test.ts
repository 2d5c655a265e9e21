// Withdrawals (docs/decisions/009-held-offers-and-payouts.md): at least $10, at most the
// available balance, card top-ups only after 3 days; the amount leaves the wallet at once into a
// pending payout; an admin approves (paid through the sandbox provider) or rejects (refunded),
// audited; the sandbox approves by itself after a minute; a failing bank account is refunded.
// The race of a withdrawal and a pack opening runs on PostgreSQL with a pool.
import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listPayouts } from "~/.server/admin/payouts";
import { adminAuditLog, walletPayouts } from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import { approveDuePayouts } from "~/.server/wallet/payouts";
import { addFunds } from "~/.server/wallet/top-up";
import { requestWithdrawal, withdrawalState } from "~/.server/wallet/withdrawals";
import { decidePayoutForm } from "../helpers/admin-form";
import { databaseForFile, staffForFile } from "../helpers/file-setup";
import { houseBalance } from "../helpers/market";
import {
  asAt,
  balanceOf,
  expectLedgerBalanced,
  fundedCollector,
  makePack,
  settle,
} from "../helpers/packs";
import { parsed, refusalOf } from "../helpers/forms";
import { topUpSchema, withdrawSchema } from "~/lib/schemas/wallet";

const db = databaseForFile();
const admin = staffForFile(db, "admin");

const NOW = new Date("2026-11-01T12:00:00Z");
const asAdmin = (now = NOW) => db.ctx({ actor: { userId: admin.id, role: "admin" }, now });
/** The Withdraw funds form's fields. */
const withdrawForm = (fields: Record<string, string> = {}) => ({
  amount: "25.00",
  routingNumber: "110000000",
  accountNumber: "000123456789",
  idempotencyKey: randomUUID(),
  ...fields,
});
/** The form as the seam hands it to requestWithdrawal. */
const withdrawal = (fields: Record<string, string> = {}) =>
  parsed(withdrawSchema, withdrawForm(fields));
const payoutRow = async (id: number) =>
  (await db.db.select().from(walletPayouts).where(eq(walletPayouts.id, id)))[0]!;
/**
 * A collector funded with $50 who asked at NOW to withdraw `withdrawal(fields)` ($25 unless
 * `fields` say otherwise): the collector and the pending payout's id.
 */
async function pendingWithdrawal(fields: Record<string, string> = {}) {
  const user = await fundedCollector(db, 5_000);
  const { payoutId } = await requestWithdrawal(asAt(db, user, NOW), withdrawal(fields));
  return { user, payoutId };
}
/**
 * Expects the payout to match `row`, its user's wallet to hold `balanceCents` after it, and the
 * ledger balanced.
 */
async function expectPayoutEnded(
  payoutId: number,
  row: Partial<typeof walletPayouts.$inferSelect>,
  user: { id: string },
  balanceCents: number,
) {
  expect(await payoutRow(payoutId)).toMatchObject(row);
  expect(await balanceOf(db, user.id)).toBe(balanceCents);
  await expectLedgerBalanced(db);
}

describe("requesting a withdrawal", () => {
  it("moves the amount at once into a pending payout; a doubled submission counts once", async () => {
    const user = await fundedCollector(db, 10_000);
    const payoutsBefore = await houseBalance(db, "payouts");
    const form = withdrawal();
    const first = await requestWithdrawal(asAt(db, user, NOW), form);
    const again = await requestWithdrawal(asAt(db, user, NOW), form);
    expect(again).toEqual(first);
    expect(await balanceOf(db, user.id)).toBe(7_500);
    expect(await houseBalance(db, "payouts")).toBe(payoutsBefore + 2_500);
    expect(await payoutRow(first.payoutId)).toMatchObject({
      userId: user.id,
      amountCents: 2_500,
      status: "pending",
      routingNumber: "110000000",
    });
    await expectLedgerBalanced(db);
  });

  it("refuses under $10, above the available balance, and a bad bank account, changing nothing", async () => {
    const user = await fundedCollector(db, 5_000);
    // The form's rules refuse at the seam, before the domain is called.
    expect(refusalOf(withdrawSchema, withdrawForm({ amount: "9.99" }))).toBe(
      "Withdraw at least $10.00",
    );
    expect(refusalOf(withdrawSchema, withdrawForm({ routingNumber: "11000000" }))).toBe(
      "The routing number is 9 digits",
    );
    expect(refusalOf(withdrawSchema, withdrawForm({ accountNumber: "123" }))).toBe(
      "The account number is 4 to 17 digits",
    );
    await expect(
      requestWithdrawal(asAt(db, user, NOW), withdrawal({ amount: "50.01" })),
    ).rejects.toMatchObject({ code: "insufficient_balance", message: "Insufficient balance" });
    expect(await balanceOf(db, user.id)).toBe(5_000);
    expect(
      await db.db.select().from(walletPayouts).where(eq(walletPayouts.userId, user.id)),
    ).toEqual([]);
  });

  it("keeps a card top-up for 3 days: 'Available to withdraw on {date}'", async () => {
    const user = await fundedCollector(db, 2_000); // older money (a test top-up entry)
    const ctx = asAt(db, user, NOW);
    await addFunds(
      ctx,
      parsed(topUpSchema(new Date()), {
        amount: "50",
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/28",
        cvc: "123",
        idempotencyKey: randomUUID(),
      }),
    );
    expect(await withdrawalState(ctx)).toEqual({
      availableCents: 7_000,
      withdrawableCents: 2_000,
      locked: [{ amountCents: 5_000, availableOn: new Date("2026-11-04T12:00:00Z") }],
    });
    await expect(requestWithdrawal(ctx, withdrawal({ amount: "20.01" }))).rejects.toMatchObject({
      code: "funds_not_yet_withdrawable",
      status: 409,
      message: expect.stringMatching(/Available to withdraw on Nov 4, 2026/),
    });
    await requestWithdrawal(ctx, withdrawal({ amount: "20.00" }));
    // Three days later the top-up is withdrawable too.
    const later = asAt(db, user, new Date("2026-11-04T12:00:00Z"));
    expect(await withdrawalState(later)).toMatchObject({ withdrawableCents: 5_000, locked: [] });
    await requestWithdrawal(later, withdrawal({ amount: "50.00" }));
    expect(await balanceOf(db, user.id)).toBe(0);
    await expectLedgerBalanced(db);
  });
});

describe("paying out", () => {
  it("an admin approves: paid through the provider, the money leaves the ledger, audited", async () => {
    const { user, payoutId } = await pendingWithdrawal();
    expect(
      await decidePayoutForm(asAdmin(), { payoutId: String(payoutId), decision: "approve" }),
    ).toBe("paid");
    expect(await payoutRow(payoutId)).toMatchObject({
      status: "paid",
      decidedBy: admin.id,
      providerReference: `sandbox_po_payout:${payoutId}`,
    });
    expect(await balanceOf(db, user.id)).toBe(2_500);
    const [audit] = await db.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(payoutId)))
      .orderBy(desc(adminAuditLog.id));
    expect(audit).toMatchObject({ action: "payout.approve", targetType: "payout" });
    await expect(
      decidePayoutForm(asAdmin(), { payoutId: String(payoutId), decision: "reject" }),
    ).rejects.toMatchObject({ code: "payout_unavailable", status: 409 });
    await expectLedgerBalanced(db);
  });

  it("an admin rejects: the amount returns to the wallet once, audited with the note", async () => {
    const { user, payoutId } = await pendingWithdrawal();
    await decidePayoutForm(asAdmin(), {
      payoutId: String(payoutId),
      decision: "reject",
      note: "Name does not match",
    });
    await expectPayoutEnded(
      payoutId,
      { status: "rejected", providerReference: "Name does not match" },
      user,
      5_000,
    );
  });

  it("the failing test account (000111111116) is refunded with the bank's reason", async () => {
    const { user, payoutId } = await pendingWithdrawal({ accountNumber: "000111111116" });
    expect(
      await decidePayoutForm(asAdmin(), { payoutId: String(payoutId), decision: "approve" }),
    ).toBe("failed");
    await expectPayoutEnded(
      payoutId,
      { status: "failed", providerReference: "The bank refused the payout" },
      user,
      5_000,
    );
  });

  it("the sandbox approves a withdrawal no admin acted on after 1 minute, once", async () => {
    const { user, payoutId } = await pendingWithdrawal();
    await approveDuePayouts(db.ctx({ now: new Date(NOW.getTime() + 59_000) }));
    expect((await payoutRow(payoutId)).status).toBe("pending");
    const minuteLater = db.ctx({ now: new Date(NOW.getTime() + 60_000) });
    await settle([approveDuePayouts(minuteLater), approveDuePayouts(minuteLater)]);
    await expectPayoutEnded(payoutId, { status: "paid", decidedBy: null }, user, 2_500);
  });

  it("refuses anyone but an admin, and lists withdrawals to staff with the last 4 digits", async () => {
    const { user, payoutId } = await pendingWithdrawal();
    await expect(
      decidePayoutForm(asAt(db, user, NOW), { payoutId: String(payoutId), decision: "approve" }),
    ).rejects.toMatchObject({ code: "forbidden", status: 403 });
    const page = await listPayouts(asAdmin(), { page: 1, q: user.email });
    expect(page.rows).toEqual([
      expect.objectContaining({ id: payoutId, accountLast4: "6789", status: "pending" }),
    ]);
    expect(JSON.stringify(page.rows)).not.toContain("000123456789");
  });
});

describe("a withdrawal and a pack opening at once", () => {
  it("never overdraw: at most one of them is paid when the wallet covers one", async () => {
    for (let round = 0; round < 5; round++) {
      const user = await fundedCollector(db, 3_000);
      const packId = await makePack(db, { priceCents: 2_500, availableCount: 5 });
      const ctx = asAt(db, user, NOW);
      const { fulfilled } = await settle<unknown>([
        requestWithdrawal(ctx, withdrawal({ amount: "25.00" })),
        openPack(ctx, { packId, idempotencyKey: randomUUID() }),
      ]);
      expect(fulfilled).toHaveLength(1);
      expect(await balanceOf(db, user.id)).toBe(500);
    }
    await expectLedgerBalanced(db);
  });
});
