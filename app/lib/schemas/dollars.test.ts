import { describe, expect, it } from "vitest";
import { dollarsField } from "./dollars";

const range = { min: 1, max: 100_000_000 };

describe("dollarsField", () => {
  const price = dollarsField({ missing: "Price is required", ...range });
  const message = (text: string) => {
    const result = price.safeParse(text);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it("says a huge price is too high, '1e9' is not plain digits and 5.555 has too many decimals", () => {
    expect(message("99999999999")).toBe("Enter at most $1,000,000.00");
    expect(message("1e9")).toBe("Enter the amount in plain digits, like 1000 or 25.50");
    expect(message("5.555")).toBe("Use at most 2 decimals (cents), like 25.50");
    expect(message("0")).toBe("Enter at least $0.01");
    expect(message("")).toBe("Price is required");
    expect(price.parse("12.30")).toBe(1_230);
  });
});
