import { describe, expect, it } from "vitest";
import { passwordWeaknesses } from "./password-strength";

describe("the sign-up password strength check", () => {
  it("refuses common passwords with zxcvbn's warning and suggestions", () => {
    expect(passwordWeaknesses("password")).toEqual([
      "This is a heavily used password.",
      "Add more words that are less common.",
    ]);
  });

  it("says when a password is too short", () => {
    expect(passwordWeaknesses("abc")[0]).toBe("Use at least 6 characters.");
  });

  it("counts the user's name, email and the shop's name as guessable", () => {
    expect(
      passwordWeaknesses("margaretHamilton", ["Margaret Hamilton", "mh@example.com"]),
    ).toContain("There should not be any personal or page related data.");
    expect(passwordWeaknesses("packvault!")).not.toEqual([]);
  });

  it("accepts a passphrase of uncommon words", () => {
    expect(passwordWeaknesses("velvet lantern orbit 42", ["Casey Collector"])).toEqual([]);
  });
});
