import { describe, expect, it } from "vitest";
import {
  anonymousTags,
  applyMaximum,
  incrementAt,
  minimumNextBid,
  reserveMet,
  softCloseEnd,
  visiblePrice,
  type ProxyState,
} from "./auctions";

const start: ProxyState = {
  startPriceCents: 1_000,
  reserveCents: null,
  leaderMaxCents: null,
  secondMaxCents: null,
};

describe("the increment table", () => {
  it("steps by price band, each bound belonging to the band above", () => {
    expect(
      [1_999, 2_000, 9_999, 10_000, 24_999, 25_000, 99_999, 100_000, 499_999, 500_000].map(
        incrementAt,
      ),
    ).toEqual([100, 200, 200, 500, 500, 1_000, 1_000, 2_500, 2_500, 10_000]);
  });

  it("asks the start price first, then one increment above the price", () => {
    expect(minimumNextBid(1_000, false)).toBe(1_000);
    expect(minimumNextBid(1_000, true)).toBe(1_100);
    expect(minimumNextBid(10_000, true)).toBe(10_500);
  });
});

describe("proxy bidding", () => {
  it("a lone bidder leads at the start price, whatever their maximum", () => {
    const { leads, state } = applyMaximum(start, 50_000, false);
    expect(leads).toBe(true);
    expect(visiblePrice(state)).toBe(1_000);
  });

  it("a higher maximum leads one increment above the old one, capped at its own maximum", () => {
    const first = applyMaximum(start, 5_000, false).state;
    const over = applyMaximum(first, 9_000, false);
    expect(over.leads).toBe(true);
    expect(visiblePrice(over.state)).toBe(5_200);
    const barely = applyMaximum(first, 5_100, false);
    expect(visiblePrice(barely.state)).toBe(5_100);
  });

  it("a tie goes to the earlier maximum, at that maximum", () => {
    const first = applyMaximum(start, 5_000, false).state;
    const tie = applyMaximum(first, 5_000, false);
    expect(tie.leads).toBe(false);
    expect(tie.state.leaderMaxCents).toBe(5_000);
    expect(visiblePrice(tie.state)).toBe(5_000);
  });

  it("the price meets the reserve once the leading maximum does", () => {
    const reserved = { ...start, reserveCents: 4_000 };
    expect(visiblePrice(applyMaximum(reserved, 3_999, false).state)).toBe(1_000);
    expect(visiblePrice(applyMaximum(reserved, 4_500, false).state)).toBe(4_000);
    expect(reserveMet(4_000, 3_999)).toBe(false);
    expect(reserveMet(4_000, 4_000)).toBe(true);
    expect(reserveMet(null, null)).toBe(true);
  });
});

describe("soft close", () => {
  const end = new Date("2026-11-02T12:00:00Z");
  const minutes = (n: number) => new Date(end.getTime() + n * 60_000);

  it("moves the end to 10 minutes after a bid in the last 10 minutes only", () => {
    expect(softCloseEnd(end, end, minutes(-11))).toEqual(end);
    expect(softCloseEnd(end, end, minutes(-10))).toEqual(end);
    expect(softCloseEnd(end, end, minutes(-3))).toEqual(minutes(7));
  });

  it("never past 24 hours after the scheduled end", () => {
    expect(softCloseEnd(minutes(24 * 60), end, minutes(24 * 60 - 1))).toEqual(minutes(24 * 60));
  });
});

it("tags bidders anonymously by their first bid", () => {
  expect([...anonymousTags(["b", "a", "b", "c"]).entries()]).toEqual([
    ["b", "Bidder 1"],
    ["a", "Bidder 2"],
    ["c", "Bidder 3"],
  ]);
});
