// The wallet (docs/product/wallet.md "Adding funds"; docs/design.md invariant 4): sandbox top-ups with the form's rules
// on the shared schema (the seam parses once), idempotent under a doubled submission, the append-only ledger
// and its movements, and the history's pages. Ends with a check that the ledger checker used
// after every race does catch a broken ledger.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  buybackOffers,
  packs,
  userCards,
  walletAccounts,
  walletEntries,
  walletTopUps,
} from "~/.server/db/schema";
import { openPack } from "~/.server/packs/opening";
import {
  checkDebitMovement,
  houseBalanceCents,
  postMovement,
  type Leg,
  type Movement,
} from "~/.server/wallet/ledger";
import { addFunds } from "~/.server/wallet/top-up";
import { WALLET_PAGE_SIZE, walletBalance, walletHistory } from "~/.server/wallet/wallet";
import { makeCollector, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { balanceOf, expectLedgerBalanced, fund, fundedCollector, makePack } from "../helpers/packs";
import { parsed, refusalOf } from "../helpers/forms";
import { topUpSchema, type TopUpForm } from "~/lib/schemas/wallet";

const db = databaseForFile();

/** The test clock: 1 November 2026, so 11/26 is this month and 10/26 is past. */
const NOW = new Date("2026-11-01T12:00:00Z");
const ctxOf = (user: Collector) => db.ctx({ actor: { userId: user.id, role: "user" }, now: NOW });

/** An Add funds form that the sandbox approves. */
const form = (fields: Partial<TopUpForm> = {}) => ({
  amount: "50",
  cardNumber: "4242 4242 4242 4242",
  expiry: "12/28",
  cvc: "123",
  idempotencyKey: randomUUID(),
  ...fields,
});

const topUpsOf = (userId: string) =>
  db.db.select().from(walletTopUps).where(eq(walletTopUps.userId, userId));
const entriesOf = async (userId: string) => {
  const [account] = await db.db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(eq(walletAccounts.userId, userId));
  if (!account) return [];
  return db.db.select().from(walletEntries).where(eq(walletEntries.accountId, account.id));
};

/** An error's message with its causes' (Drizzle wraps the driver's error as `cause`). */
function messages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(" / ");
}

describe("a new wallet", () => {
  it("starts at $0 with an empty history; a visitor has none", async () => {
    const user = await makeCollector(db);
    expect(await walletBalance(ctxOf(user))).toBe(0);
    expect(await walletHistory(ctxOf(user), { page: 1 })).toEqual({
      balanceCents: 0,
      heldCents: 0,
      availableCents: 0,
      entries: [],
      page: 1,
      pageCount: 1,
    });
    expect(await walletBalance(db.ctx({ actor: null }))).toBeNull();
    await expect(walletHistory(db.ctx({ actor: null }), { page: 1 })).rejects.toMatchObject({
      code: "not_signed_in",
      status: 401,
    });
  });
});

describe("addFunds", () => {
  it("credits an approved card (4242 4242 4242 4242) and records the top-up", async () => {
    const user = await makeCollector(db);

    expect(await addFunds(ctxOf(user), parsed(topUpSchema(NOW), form({ amount: "50" })))).toEqual({
      amountCents: 5_000,
    });

    expect(await balanceOf(db, user.id)).toBe(5_000);
    const [topUp] = await topUpsOf(user.id);
    expect(topUp).toMatchObject({
      amountCents: 5_000,
      provider: "sandbox",
      status: "succeeded",
      cardLast4: "4242",
      createdAt: NOW,
    });
    expect(await entriesOf(user.id)).toEqual([
      expect.objectContaining({
        amountCents: 5_000,
        balanceAfterCents: 5_000,
        kind: "top_up",
        reference: `top_up:${topUp!.id}`,
        description: "Added funds (card ending 4242)",
      }),
    ]);
    expect(await walletBalance(ctxOf(user))).toBe(5_000);
    await expectLedgerBalanced(db);
  });

  it("declines 4000 0000 0000 0002, records the decline and changes no balance", async () => {
    const user = await fundedCollector(db, 1_000);
    const declined = form({ cardNumber: "4000 0000 0000 0002", amount: "25" });

    await expect(addFunds(ctxOf(user), parsed(topUpSchema(NOW), declined))).rejects.toMatchObject({
      code: "card_declined",
      status: 402,
      message: "Your card was declined",
    });
    expect(await balanceOf(db, user.id)).toBe(1_000);
    expect(await topUpsOf(user.id)).toEqual([
      expect.objectContaining({ status: "declined", amountCents: 2_500, cardLast4: "0002" }),
    ]);
    expect(await entriesOf(user.id)).toHaveLength(1); // the test funds only

    // The same submission again answers the same decline without another attempt.
    await expect(addFunds(ctxOf(user), parsed(topUpSchema(NOW), declined))).rejects.toMatchObject({
      code: "card_declined",
      message: "Your card was declined",
    });
    expect(await topUpsOf(user.id)).toHaveLength(1);
    await expectLedgerBalanced(db);
  });

  it("declines any other well-formed card: the sandbox charges no real card", async () => {
    const user = await makeCollector(db);
    await expect(
      addFunds(ctxOf(user), parsed(topUpSchema(NOW), form({ cardNumber: "5555 5555 5555 4444" }))),
    ).rejects.toMatchObject({ code: "card_declined", message: expect.stringContaining("4242") });
    expect(await balanceOf(db, user.id)).toBe(0);
  });

  const refused: [string, Partial<TopUpForm>, string][] = [
    [
      "a malformed card number",
      { cardNumber: "4242 abcd 4242 4242" },
      "Your card number is invalid",
    ],
    ["a card number too short", { cardNumber: "4242 4242" }, "Your card number is invalid"],
    ["a number failing Luhn", { cardNumber: "4242 4242 4242 4241" }, "Your card number is invalid"],
    ["a card that expired last month", { expiry: "10/26" }, "Your card has expired"],
    ["a malformed expiry", { expiry: "13/28" }, "Enter the expiry as MM/YY"],
    ["a short CVC", { cvc: "12" }, "The CVC is 3 or 4 digits"],
    ["$4.99", { amount: "4.99" }, "Add between $5.00 and $10,000.00"],
    ["$10,000.01", { amount: "10000.01" }, "Add between $5.00 and $10,000.00"],
    [
      "an amount with three decimals",
      { amount: "5.001" },
      "Use at most 2 decimals (cents), like 25.50",
    ],
    ["a negative amount", { amount: "-50" }, "Add between $5.00 and $10,000.00"],
    ["$99,999,999", { amount: "99999999" }, "Add between $5.00 and $10,000.00"],
    ["an exponent", { amount: "1e3" }, "Enter the amount in plain digits, like 1000 or 25.50"],
    ["a key that is not a UUID", { idempotencyKey: "retry-1" }, expect.any(String)],
  ];
  // The seam parses the form before addFunds runs (docs/decisions/013-parsing-once-at-the-seam.md):
  // a refused form never reaches the domain (tests/integration/malformed-input.test.ts).
  it.each(refused)("the form's schema refuses %s with its message", (_, change, message) => {
    expect(refusalOf(topUpSchema(NOW), form(change))).toEqual(message);
  });

  it("accepts $5, $10,000 and a card expiring this month", async () => {
    const user = await makeCollector(db);
    expect(await addFunds(ctxOf(user), parsed(topUpSchema(NOW), form({ amount: "5" })))).toEqual({
      amountCents: 500,
    });
    expect(
      await addFunds(ctxOf(user), parsed(topUpSchema(NOW), form({ amount: "10000" }))),
    ).toEqual({
      amountCents: 1_000_000,
    });
    expect(
      await addFunds(
        ctxOf(user),
        parsed(topUpSchema(NOW), form({ amount: "25.50", expiry: "11/26" })),
      ),
    ).toEqual({
      amountCents: 2_550,
    });
    expect(await balanceOf(db, user.id)).toBe(1_003_050);
    await expectLedgerBalanced(db);
  });

  it("credits once when the same submission arrives 10 times at once", async () => {
    const user = await makeCollector(db);
    const submission = form({ amount: "75" });

    const results = await Promise.all(
      Array.from({ length: 10 }, () => addFunds(ctxOf(user), parsed(topUpSchema(NOW), submission))),
    );

    expect(results).toEqual(Array.from({ length: 10 }, () => ({ amountCents: 7_500 })));
    expect(await balanceOf(db, user.id)).toBe(7_500);
    expect(await topUpsOf(user.id)).toHaveLength(1);
    expect(await entriesOf(user.id)).toHaveLength(1);
    await expectLedgerBalanced(db);
  });

  it("scopes the idempotency key to the user", async () => {
    const [ana, ben] = [await makeCollector(db), await makeCollector(db)];
    const idempotencyKey = randomUUID();
    await addFunds(ctxOf(ana), parsed(topUpSchema(NOW), form({ amount: "10", idempotencyKey })));
    await addFunds(ctxOf(ben), parsed(topUpSchema(NOW), form({ amount: "20", idempotencyKey })));
    expect([await balanceOf(db, ana.id), await balanceOf(db, ben.id)]).toEqual([1_000, 2_000]);
    await expectLedgerBalanced(db);
  });

  it("refuses a visitor", async () => {
    await expect(
      addFunds(db.ctx({ actor: null }), parsed(topUpSchema(NOW), form())),
    ).rejects.toMatchObject({
      code: "not_signed_in",
      status: 401,
    });
  });
});

describe("walletHistory", () => {
  it("pages the user's entries newest first, clamping the page", async () => {
    const user = await makeCollector(db);
    const other = await fundedCollector(db, 999);
    const count = 2 * WALLET_PAGE_SIZE + 5;
    for (let i = 1; i <= count; i++) await fund(db, user.id, i * 100);
    const total = ((count * (count + 1)) / 2) * 100;

    const first = await walletHistory(ctxOf(user), { page: 1 });
    expect(first).toMatchObject({ balanceCents: total, page: 1, pageCount: 3 });
    expect(first.entries.map((entry) => entry.amountCents)).toEqual(
      Array.from({ length: WALLET_PAGE_SIZE }, (_, i) => (count - i) * 100),
    );
    expect(first.entries[0]).toMatchObject({ balanceAfterCents: total, kind: "top_up" });
    expect(first.entries[1]!.balanceAfterCents).toBe(total - count * 100);

    const last = await walletHistory(ctxOf(user), { page: 3 });
    expect(last.entries.map((entry) => entry.amountCents)).toEqual([500, 400, 300, 200, 100]);
    expect(last.entries.at(-1)!.balanceAfterCents).toBe(100);

    const second = await walletHistory(ctxOf(user), { page: 2 });
    const ids = [...first.entries, ...second.entries, ...last.entries].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    for (const [asked, got] of [
      [99, 3],
      [0, 1],
      [-4, 1],
      [Number.NaN, 1],
      [2.7, 2],
    ] as const) {
      expect((await walletHistory(ctxOf(user), { page: asked })).page, `page ${asked}`).toBe(got);
    }
    expect((await walletHistory(ctxOf(user), { page: 99 })).entries).toEqual(last.entries);
    expect((await walletHistory(ctxOf(other), { page: 1 })).entries).toHaveLength(1);
  });

  it("shows a pack purchase as a debit", async () => {
    const user = await fundedCollector(db, 3_000);
    const packId = await makePack(db, { priceCents: 2_500, availableCount: 1 });
    await openPack(ctxOf(user), { packId, idempotencyKey: randomUUID() });
    const { entries, balanceCents } = await walletHistory(ctxOf(user), { page: 1 });
    expect(balanceCents).toBe(500);
    expect(entries[0]).toMatchObject({
      amountCents: -2_500,
      balanceAfterCents: 500,
      kind: "pack_purchase",
      description: expect.stringMatching(/^Opened Test Pack/),
    });
  });
});

describe("the ledger", () => {
  it("is append-only: an UPDATE or a DELETE of an entry raises an error", async () => {
    const user = await fundedCollector(db, 1_234);
    const [entry] = await entriesOf(user.id);

    const update = await db.db
      .update(walletEntries)
      .set({ amountCents: 999_999 })
      .where(eq(walletEntries.id, entry!.id))
      .catch((error: unknown) => error);
    expect(messages(update)).toMatch(/wallet_entries is append-only: UPDATE refused/);
    const remove = await db.db
      .delete(walletEntries)
      .where(eq(walletEntries.id, entry!.id))
      .catch((error: unknown) => error);
    expect(messages(remove)).toMatch(/wallet_entries is append-only: DELETE refused/);
    const wipe = await db.db.execute(sql`DELETE FROM wallet_entries`).catch((error) => error);
    expect(messages(wipe)).toMatch(/append-only/);

    expect(await entriesOf(user.id)).toEqual([entry]);
    await expectLedgerBalanced(db);
  });

  it("refuses malformed movements and writes nothing", async () => {
    const user = await fundedCollector(db, 5_000);
    const reference = `test:${randomUUID()}`;
    const me = { userId: user.id };
    /** A movement of `kind` with `legs` as [account, cents] pairs. */
    const movementOf = (
      kind: Movement["kind"],
      description: string,
      ...legs: [Leg["account"], number][]
    ): Movement => ({
      kind,
      reference,
      description,
      legs: legs.map(([account, amountCents]) => ({ account, amountCents })),
    });
    const malformed: Movement[] = [
      movementOf("pack_purchase", "Unbalanced", [me, -2_500], ["platform", 2_400]),
      movementOf("buyback", "One leg", [me, 100]),
      movementOf("sale", "A zero leg", [me, 0], ["platform", 0]),
      movementOf("sale", "Fractional cents", [me, -0.5], ["platform", 0.5]),
      movementOf("top_up", "A negative top-up", [me, -100]),
      movementOf("top_up", "A top-up with two legs", [me, 100], ["platform", 100]),
      movementOf("escrow", "No legs"),
    ];
    for (const movement of malformed) {
      await expect(
        db.db.transaction((tx) => postMovement(tx, movement)),
        movement.description,
      ).rejects.toBeInstanceOf(RangeError);
    }
    // The per-call check of a movement an opening folds into its statement built once: the same
    // refusals, and a debit of exactly one user.
    const notDebits = [
      ...malformed,
      movementOf("pack_purchase", "A credit", [me, 2_500], ["platform", -2_500]),
      movementOf("sale", "Two users", [me, -100], [{ userId: "someone" }, 100]),
    ];
    for (const movement of notDebits) {
      expect(() => checkDebitMovement(movement), movement.description).toThrow(RangeError);
    }
    expect(() =>
      checkDebitMovement(
        movementOf("pack_purchase", "An opening", [me, -2_500], ["platform", 2_500]),
      ),
    ).not.toThrow();
    expect(
      await db.db.select().from(walletEntries).where(eq(walletEntries.reference, reference)),
    ).toEqual([]);
    expect(await balanceOf(db, user.id)).toBe(5_000);
    await expectLedgerBalanced(db);
  });

  it("refuses to overdraw a user and rolls the movement back", async () => {
    const user = await fundedCollector(db, 1_000);
    const reference = `test:${randomUUID()}`;
    await expect(
      db.db.transaction((tx) =>
        postMovement(tx, {
          kind: "pack_purchase",
          reference,
          description: "Too dear",
          legs: [
            { account: "platform", amountCents: 1_001 },
            { account: { userId: user.id }, amountCents: -1_001 },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: "insufficient_balance", message: "Insufficient balance" });
    expect(await balanceOf(db, user.id)).toBe(1_000);
    expect(
      await db.db.select().from(walletEntries).where(eq(walletEntries.reference, reference)),
    ).toEqual([]);
    await expectLedgerBalanced(db);
  });
  it("posts a house leg as an entry only: the platform's balance is the sum of its entries", async () => {
    const user = await fundedCollector(db, 5_000);
    const before = await houseBalanceCents(db.db, "platform");
    const reference = `test:${randomUUID()}`;
    await db.db.transaction((tx) =>
      postMovement(tx, {
        kind: "pack_purchase",
        reference,
        description: "House leg",
        legs: [
          { account: "platform", amountCents: 1_250 },
          { account: { userId: user.id }, amountCents: -1_250 },
        ],
      }),
    );
    const entries = await db.db
      .select({
        kind: walletAccounts.kind,
        amountCents: walletEntries.amountCents,
        balanceAfterCents: walletEntries.balanceAfterCents,
      })
      .from(walletEntries)
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
      .where(eq(walletEntries.reference, reference))
      .orderBy(walletEntries.id);
    expect(entries).toEqual([
      { kind: "platform", amountCents: 1_250, balanceAfterCents: null },
      { kind: "user", amountCents: -1_250, balanceAfterCents: 3_750 },
    ]);
    expect(await houseBalanceCents(db.db, "platform")).toBe(before + 1_250);
    const [platform] = await db.db
      .select({ balanceCents: walletAccounts.balanceCents })
      .from(walletAccounts)
      .where(eq(walletAccounts.kind, "platform"));
    expect(platform!.balanceCents).toBe(0);
    const cached = await db.db
      .update(walletAccounts)
      .set({ balanceCents: 1 })
      .where(eq(walletAccounts.kind, "platform"))
      .catch((error: unknown) => error);
    expect(messages(cached)).toMatch(/wallet_accounts_house_balance_in_entries/);
    await expectLedgerBalanced(db);
  });
});

// Runs last: it breaks the database's consistency on purpose and puts it back each time.
describe("the ledger checker (tests/helpers/packs.ts)", () => {
  it("catches a wrong cached balance, a lost unit, an unpaid buyback and a lost redemption", async () => {
    const user = await fundedCollector(db, 2_500);
    const packId = await makePack(db, { priceCents: 2_500, availableCount: 3 });
    const pull = await openPack(ctxOf(user), { packId, idempotencyKey: randomUUID() });
    const stock = new Map([[packId, 3]]);
    await expectLedgerBalanced(db, stock);

    /** The pulled card's status, and its buyback offer's columns, set directly (no rule checked). */
    const setCardStatus = (status: (typeof userCards.$inferSelect)["status"]) =>
      db.db.update(userCards).set({ status }).where(eq(userCards.id, pull.card.id));
    const setOffer = (values: Partial<typeof buybackOffers.$inferInsert>) =>
      db.db.update(buybackOffers).set(values).where(eq(buybackOffers.id, pull.buyback.offerId));
    const breakages: [string, () => Promise<unknown>, () => Promise<unknown>, RegExp][] = [
      [
        "a cached balance off by a cent",
        () =>
          db.db
            .update(walletAccounts)
            .set({ balanceCents: 1 })
            .where(eq(walletAccounts.userId, user.id)),
        () =>
          db.db
            .update(walletAccounts)
            .set({ balanceCents: 0 })
            .where(eq(walletAccounts.userId, user.id)),
        /balance of account/,
      ],
      [
        "a unit gone without an opening",
        () => db.db.update(packs).set({ availableCount: 1 }).where(eq(packs.id, packId)),
        () => db.db.update(packs).set({ availableCount: 2 }).where(eq(packs.id, packId)),
        /stock of pack/,
      ],
      [
        "an accepted offer without a payout",
        async () => {
          await setCardStatus("sold");
          await setOffer({ status: "accepted", acceptedAt: NOW });
        },
        async () => {
          await setOffer({ status: "pending", acceptedAt: null });
          await setCardStatus("vaulted");
        },
        /accepted offers not paid exactly once/,
      ],
      [
        "a redeemed card without a redemption",
        async () => {
          await setOffer({ status: "cancelled" });
          await setCardStatus("redeemed");
        },
        async () => {
          await setCardStatus("vaulted");
          await setOffer({ status: "pending" });
        },
        /redeemed cards without exactly one live redemption/,
      ],
      [
        "a pending offer on a card that left the vault",
        () => setCardStatus("listed"),
        () => setCardStatus("vaulted"),
        /pending offers on a card that is not its user's and vaulted/,
      ],
    ];
    for (const [what, breakIt, mendIt, rule] of breakages) {
      await breakIt();
      await expect(expectLedgerBalanced(db, stock), what).rejects.toThrow(rule);
      await mendIt();
      await expectLedgerBalanced(db, stock);
    }
  });
});
