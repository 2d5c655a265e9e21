// Redemption requests (docs/product/vault.md): the form's rules are the shared schema's (the
// seam parses once, docs/decisions/013-parsing-once-at-the-seam.md), only the owner's vaulted
// card can be shipped, the address is stored for the USA, and the card's buyback offer is
// cancelled with it.
import { describe, expect, it } from "vitest";
import type { Pull } from "~/lib/domain/packs";
import { acceptBuyback } from "~/.server/vault/buyback";
import { requestRedemption } from "~/.server/vault/redemption";
import { redemptionSchema } from "~/lib/schemas/redemption";
import { parsed, refusalOf } from "../helpers/forms";
import { as, type Collector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { packPullsForFile, pullRows } from "../helpers/pulls";
import { MAPLE_FALLS_SHIPPING as SHIPPING } from "../helpers/shipping";
import { asAt, balanceOf, expectLedgerBalanced, fundedCollector, settle } from "../helpers/packs";

const db = databaseForFile();
const { stock, collectorWithPull } = packPullsForFile(db);
const { cardRow, offerRow, redemptionsOf } = pullRows(db);

/** What a refused request must leave as it was. */
async function snapshot(user: Collector, pull: Pull) {
  return {
    card: await cardRow(pull.card.id),
    offer: await offerRow(pull.buyback.offerId),
    redemptions: await redemptionsOf(pull.card.id),
    balance: await balanceOf(db, user.id),
  };
}

describe("requestRedemption", () => {
  it("stores a pending request to a US address, redeems the card and cancels its offer", async () => {
    const { user, pull } = await collectorWithPull();
    const now = new Date("2026-11-02T09:30:00Z");

    const { redemptionId } = await requestRedemption(
      asAt(db, user, now),
      parsed(redemptionSchema, {
        cardId: String(pull.card.id),
        shippingName: "  Casey Collector ",
        shippingAddress: "1 Main St, Apt 4",
        shippingCity: "Maple Falls",
        shippingState: "oh",
        shippingZip: "441011234",
      }),
    );

    expect(await redemptionsOf(pull.card.id)).toEqual([
      expect.objectContaining({
        id: redemptionId,
        userId: user.id,
        shippingName: "Casey Collector",
        shippingAddress: "1 Main St, Apt 4",
        shippingCity: "Maple Falls",
        shippingState: "OH",
        shippingZip: "44101-1234",
        shippingCountry: "USA",
        status: "pending",
        requestedAt: now,
        trackingNumber: null,
      }),
    ]);
    expect(await cardRow(pull.card.id)).toMatchObject({ status: "redeemed" });
    expect(await offerRow(pull.buyback.offerId)).toMatchObject({ status: "cancelled" });
    expect(await balanceOf(db, user.id)).toBe(0);
    await expectLedgerBalanced(db, stock());
  });

  const invalid: [string, Record<string, string | undefined>, string][] = [
    ["no full name", { shippingName: undefined }, "Full Name is required"],
    ["a blank full name", { shippingName: "   " }, "Full Name is required"],
    ["no street address", { shippingAddress: undefined }, "Street Address is required"],
    ["a blank street address", { shippingAddress: "" }, "Street Address is required"],
    ["no city", { shippingCity: undefined }, "City is required"],
    ["a blank city", { shippingCity: " " }, "City is required"],
    ["no state", { shippingState: undefined }, "State is required"],
    ["a blank state", { shippingState: "" }, "State is required"],
    ["a one-letter state", { shippingState: "O" }, "State must be 2 letters"],
    ["a state with a digit", { shippingState: "O1" }, "State must be 2 letters"],
    ["a spelled-out state", { shippingState: "Ohio" }, "State is at most 2 characters"],
    ["no ZIP code", { shippingZip: undefined }, "ZIP Code is required"],
    ["a blank ZIP code", { shippingZip: "  " }, "ZIP Code is required"],
    [
      "a ZIP code of 11 characters",
      { shippingZip: "44101-12345" },
      "ZIP Code is at most 10 characters",
    ],
    [
      "a full name over 100 characters",
      { shippingName: "x".repeat(101) },
      "Full Name is at most 100 characters",
    ],
  ];
  it.each(invalid)("refuses %s at the seam's schema with its message", (_, change, message) => {
    expect(refusalOf(redemptionSchema, { cardId: "1", ...SHIPPING, ...change })).toBe(message);
  });

  it("refuses another user's card with 409 and leaves its offer pending", async () => {
    const { user: owner, pull } = await collectorWithPull();
    const other = await fundedCollector(db, 0);
    const before = await snapshot(owner, pull);

    await expect(
      requestRedemption(as(db, other), { cardId: pull.card.id, ...SHIPPING }),
    ).rejects.toMatchObject({
      code: "card_not_vaulted",
      status: 409,
      message: "This card is no longer in your vault",
    });

    expect(await snapshot(owner, pull)).toEqual(before);
    await expectLedgerBalanced(db, stock());
  });

  it("refuses a card no longer in the vault (redeemed, sold) or unknown with 409", async () => {
    const { user, pull } = await collectorWithPull();
    await requestRedemption(as(db, user), { cardId: pull.card.id, ...SHIPPING });
    await expect(
      requestRedemption(as(db, user), { cardId: pull.card.id, ...SHIPPING }),
    ).rejects.toMatchObject({ code: "card_not_vaulted", status: 409 });
    expect(await redemptionsOf(pull.card.id)).toHaveLength(1);

    const sold = await collectorWithPull();
    await acceptBuyback(as(db, sold.user), { offerId: sold.pull.buyback.offerId });
    const before = await snapshot(sold.user, sold.pull);
    await expect(
      requestRedemption(as(db, sold.user), { cardId: sold.pull.card.id, ...SHIPPING }),
    ).rejects.toMatchObject({ code: "card_not_vaulted", status: 409 });
    expect(await snapshot(sold.user, sold.pull)).toEqual(before);

    await expect(
      requestRedemption(as(db, user), { cardId: 987_654, ...SHIPPING }),
    ).rejects.toMatchObject({ code: "card_not_vaulted", status: 409 });
    await expectLedgerBalanced(db, stock());
  });

  it("ships a card once when its redemption is requested 20 times at once", async () => {
    const { user, pull } = await collectorWithPull();

    const { fulfilled, rejected } = await settle(
      Array.from({ length: 20 }, () =>
        requestRedemption(as(db, user), { cardId: pull.card.id, ...SHIPPING }),
      ),
    );

    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(19);
    for (const error of rejected) expect(error).toMatchObject({ code: "card_not_vaulted" });
    expect(await redemptionsOf(pull.card.id)).toHaveLength(1);
    expect(await cardRow(pull.card.id)).toMatchObject({ status: "redeemed" });
    await expectLedgerBalanced(db, stock());
  });

  it("refuses a visitor", async () => {
    const { pull } = await collectorWithPull();
    await expect(
      requestRedemption(db.ctx({ actor: null }), { cardId: pull.card.id, ...SHIPPING }),
    ).rejects.toMatchObject({ code: "not_signed_in", status: 401 });
    expect(await redemptionsOf(pull.card.id)).toHaveLength(0);
  });
});
