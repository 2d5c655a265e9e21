import { describe, expect, it } from "vitest";
import { initialsOf } from "./leaderboard-names";

describe("initialsOf", () => {
  it("takes the first and the last word's first letter, upper-cased, with dots", () => {
    expect(initialsOf("Maya Collector")).toBe("M. C.");
    expect(initialsOf("  maya  ")).toBe("M.");
    expect(initialsOf("Jean-Luc van Dyke")).toBe("J. D.");
    expect(initialsOf("Élodie Ørsted")).toBe("É. Ø.");
    expect(initialsOf("𝒜lice Smith")).toBe("𝒜. S.");
    expect(initialsOf("   ")).toBeNull();
  });
});
