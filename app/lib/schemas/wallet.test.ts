import { describe, expect, it } from "vitest";
import {
  TOP_UP_LIMITS_CENTS,
  formatExpiryInput,
  passesLuhn,
  topUpSchema,
  type TopUpForm,
} from "./wallet";

// A fixed "now": 1 November 2026, so 11/26 is this month and 10/26 has passed.
const NOW = new Date("2026-11-01T12:00:00Z");
const VALID: TopUpForm = {
  amount: "50",
  cardNumber: "4242 4242 4242 4242",
  expiry: "12/30",
  cvc: "123",
  idempotencyKey: "6f1c1f4e-8a2b-4c3d-9e0f-1a2b3c4d5e6f",
};

const parse = (changes: Partial<TopUpForm>, now = NOW) =>
  topUpSchema(now).safeParse({ ...VALID, ...changes });

/** The messages of the fields that failed, by field. */
function errorsOf(changes: Partial<TopUpForm>, now = NOW): Record<string, string[]> {
  const result = parse(changes, now);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

describe("passesLuhn", () => {
  it("accepts numbers whose check digit is right", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4000000000000002")).toBe(true); // the sandbox's declined card
    expect(passesLuhn("5555555555554444")).toBe(true);
    expect(passesLuhn("378282246310005")).toBe(true);
    expect(passesLuhn("79927398713")).toBe(true);
  });

  it("refuses a wrong check digit, a swap of digits and the empty string", () => {
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("4242424242424243")).toBe(false);
    expect(passesLuhn("79927398710")).toBe(false);
    expect(passesLuhn("2442424242424242")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });
});

describe("the Add funds form (topUpSchema)", () => {
  it("turns the sandbox test card and an amount in dollars into cents and a card", () => {
    const result = parse({});
    expect(result.success && result.data).toEqual({
      amountCents: 5_000,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" },
      idempotencyKey: VALID.idempotencyKey,
    });
    const dashed = parse({ cardNumber: "4242-4242-4242-4242", amount: "25.50", expiry: "01 / 27" });
    expect(dashed.success && dashed.data.amountCents).toBe(2_550);
    expect(dashed.success && dashed.data.card).toMatchObject({
      number: "4242424242424242",
      expMonth: 1,
      expYear: 2027,
    });
  });

  it("refuses a card number that fails Luhn or is too short or long", () => {
    const invalid = { cardNumber: ["Your card number is invalid"] };
    expect(errorsOf({ cardNumber: "4242 4242 4242 4241" })).toEqual(invalid);
    expect(errorsOf({ cardNumber: "4242" })).toEqual(invalid);
    expect(errorsOf({ cardNumber: "4".repeat(20) })).toEqual(invalid);
    expect(errorsOf({ cardNumber: "4242 4242 4242 424x" })).toEqual(invalid);
    expect(errorsOf({ cardNumber: "" })).toEqual(invalid);
  });

  it("refuses an expiry in the past, and accepts this month", () => {
    expect(errorsOf({ expiry: "10/26" })).toEqual({ expiry: ["Your card has expired"] });
    expect(errorsOf({ expiry: "12/25" })).toEqual({ expiry: ["Your card has expired"] });
    expect(errorsOf({ expiry: "11/26" })).toEqual({});
    expect(errorsOf({ expiry: "01/27" })).toEqual({});
    // On 1 January 2027, December 2026 has passed.
    expect(errorsOf({ expiry: "12/26" }, new Date("2027-01-01T00:00:00Z"))).toEqual({
      expiry: ["Your card has expired"],
    });
  });

  it("refuses an expiry that is not MM/YY", () => {
    const format = { expiry: ["Enter the expiry as MM/YY"] };
    expect(errorsOf({ expiry: "13/30" })).toEqual(format);
    expect(errorsOf({ expiry: "00/30" })).toEqual(format);
    expect(errorsOf({ expiry: "12/2030" })).toEqual(format);
  });

  it("accepts $5 to $10,000 and refuses amounts outside it", () => {
    expect(TOP_UP_LIMITS_CENTS).toEqual({ min: 500, max: 1_000_000 });
    const outside = { amount: ["Add between $5.00 and $10,000.00"] };
    expect(errorsOf({ amount: "5" })).toEqual({});
    expect(errorsOf({ amount: "5.00" })).toEqual({});
    expect(errorsOf({ amount: "10000" })).toEqual({});
    expect(errorsOf({ amount: "4.99" })).toEqual(outside);
    expect(errorsOf({ amount: "0" })).toEqual(outside);
    expect(errorsOf({ amount: "10000.01" })).toEqual(outside);
    expect(errorsOf({ amount: "99999" })).toEqual(outside);
    // Each refusal names the real problem: a $99,999,999 top-up is too much, not badly typed.
    expect(errorsOf({ amount: "100000" })).toEqual(outside);
    expect(errorsOf({ amount: "99999999" })).toEqual(outside);
    expect(errorsOf({ amount: "99999999999999999999" })).toEqual(outside);
    expect(errorsOf({ amount: "-50" })).toEqual(outside);
    expect(errorsOf({ amount: "5.555" })).toEqual({
      amount: ["Use at most 2 decimals (cents), like 25.50"],
    });
    expect(errorsOf({ amount: "1e3" })).toEqual({
      amount: ["Enter the amount in plain digits, like 1000 or 25.50"],
    });
    expect(errorsOf({ amount: "fifty" })).toEqual({
      amount: ["Enter an amount in dollars, like 50 or 25.50"],
    });
    expect(errorsOf({ amount: "" })).toEqual({ amount: ["Enter an amount"] });
  });

  it("reads dollar amounts to the exact cent", () => {
    for (const [amount, cents] of [
      ["19.99", 1_999],
      ["1234.56", 123_456],
      ["10.1", 1_010],
      ["9999.99", 999_999],
    ] as const) {
      const result = parse({ amount });
      expect(result.success && result.data.amountCents).toBe(cents);
    }
  });

  it("wants a CVC of 3 or 4 digits", () => {
    const cvc = { cvc: ["The CVC is 3 or 4 digits"] };
    expect(errorsOf({ cvc: "1234" })).toEqual({});
    expect(errorsOf({ cvc: "12" })).toEqual(cvc);
    expect(errorsOf({ cvc: "12345" })).toEqual(cvc);
    expect(errorsOf({ cvc: "12a" })).toEqual(cvc);
    expect(errorsOf({ cvc: "" })).toEqual(cvc);
  });

  it("needs a UUID idempotency key", () => {
    expect(Object.keys(errorsOf({ idempotencyKey: "not-a-uuid" }))).toEqual(["idempotencyKey"]);
  });
});

describe("the expiry field", () => {
  it("takes 1230 as December 2030, with or without the slash", () => {
    for (const expiry of ["1230", "12/30", "12 / 30"]) {
      const result = parse({ expiry });
      expect(result.success, expiry).toBe(true);
      expect(result.data?.card).toMatchObject({ expMonth: 12, expYear: 2030 });
    }
    expect(errorsOf({ expiry: "1330" })).toEqual({ expiry: ["Enter the expiry as MM/YY"] });
    expect(errorsOf({ expiry: "12305" })).toEqual({ expiry: ["Enter the expiry as MM/YY"] });
  });

  it("puts the slash in as digits are typed and drops anything else", () => {
    expect(formatExpiryInput("1")).toBe("1");
    expect(formatExpiryInput("12")).toBe("12");
    expect(formatExpiryInput("123")).toBe("12/3");
    expect(formatExpiryInput("1230")).toBe("12/30");
    expect(formatExpiryInput("12/30")).toBe("12/30");
    expect(formatExpiryInput("12/305")).toBe("12/30");
    expect(formatExpiryInput("ab12-3c0")).toBe("12/30");
  });
});
