import { describe, expect, it } from "vitest";
import { redemptionSchema } from "./redemption";

const VALID = {
  cardId: "7",
  shippingName: "Ada Collector",
  shippingAddress: "12 Elm Street",
  shippingCity: "Portland",
  shippingState: "or",
  shippingZip: "97201",
};
const zipError = (zip: string) => {
  const result = redemptionSchema.safeParse({ ...VALID, shippingZip: zip });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe("redemptionSchema", () => {
  it("takes a 5-digit ZIP or ZIP+4, storing ZIP+4 with its dash", () => {
    expect(redemptionSchema.parse(VALID)).toMatchObject({
      shippingZip: "97201",
      shippingState: "OR",
    });
    expect(redemptionSchema.parse({ ...VALID, shippingZip: "972011234" }).shippingZip).toBe(
      "97201-1234",
    );
    expect(zipError("97201-1234")).toBeNull();
  });

  it("refuses a ZIP that is not a US ZIP, like 'ABCDE-FGHI'", () => {
    const message = ["Enter a 5-digit ZIP code or ZIP+4, like 10001 or 10001-2345"];
    for (const zip of ["ABCDE-FGHI", "1234", "123456", "97201-12", "9720A"]) {
      expect(zipError(zip)).toEqual(message);
    }
    expect(zipError("")?.[0]).toBe("ZIP Code is required");
  });
});
