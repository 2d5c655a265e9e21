import { describe, expect, it } from "vitest";
import {
  PROOF_FORMAT,
  PROOF_VERSION,
  ReserveProofFormatError,
  leafHash,
  leafText,
  nodeHash,
  parseReserveProof,
  reserveTree,
  verifyReserveProof,
  type ReserveLeaf,
  type ReserveProof,
} from "./reserves";

const leafOf = (i: number): ReserveLeaf => ({
  grader: i % 2 ? "PSA" : "BGS",
  cert: String(10_000_000 + i),
  grade: i % 2 ? 9 : 9.5,
  state: i % 3 ? "owned" : "house_stock",
  fmvCents: 1_000 + i,
  owner: i % 3 ? "0123456789abcdef" : "house",
  salt: i.toString(16).padStart(32, "0"),
});

/** A proof of leaf `at` in a tree of `n` leaves, in the downloaded shape. */
function proofOf(n: number, at: number): ReserveProof {
  const leaves = Array.from({ length: n }, (_, i) => leafOf(i));
  const hashes = leaves.map(leafHash).sort();
  const tree = reserveTree(hashes);
  const leaf = leaves[at]!;
  const path = tree.generateProof(hashes.indexOf(leafHash(leaf)));
  return {
    format: PROOF_FORMAT,
    version: PROOF_VERSION,
    snapshot: {
      id: 1,
      created_at: "2026-11-01T12:00:00.000Z",
      root: tree.root,
      leaf_count: n,
      url: "https://packvault.test/reserves/1.json",
    },
    leaf: {
      grader: leaf.grader,
      cert: leaf.cert,
      grade: leaf.grade,
      state: leaf.state as ReserveProof["leaf"]["state"],
      fmv_cents: leaf.fmvCents,
      owner: leaf.owner,
      salt: leaf.salt,
    },
    index: path.index,
    siblings: path.siblings,
  };
}

/** Flips the last hex digit of a hash. */
const flip = (hex: string) => hex.slice(0, -1) + (hex.endsWith("0") ? "1" : "0");

describe("reserve leaves", () => {
  it("encodes every field in a fixed order, the grade with one decimal", () => {
    expect(leafText(leafOf(1))).toBe(
      "packvault-reserve-leaf/v1|PSA|10000001|9.0|owned|1001|0123456789abcdef|00000000000000000000000000000001",
    );
  });

  it("hashes each field: changing any one changes the leaf hash", () => {
    const base = leafOf(1);
    const changes: Partial<ReserveLeaf>[] = [
      { grader: "CGC" },
      { cert: "10000002" },
      { grade: 10 },
      { state: "shipping_out" },
      { fmvCents: 1_002 },
      { owner: "house" },
      { salt: flip(base.salt) },
    ];
    for (const change of changes) {
      expect(leafHash({ ...base, ...change })).not.toBe(leafHash(base));
    }
  });

  it("keeps leaves and inner nodes apart (0x00 and 0x01 prefixes)", () => {
    const a = leafHash(leafOf(1));
    const b = leafHash(leafOf(2));
    expect(nodeHash(a, b)).not.toBe(nodeHash(b, a));
    expect(nodeHash(a, b)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("verifying a reserve proof", () => {
  it.each([1, 2, 3, 7, 8, 33])("accepts every leaf's proof in a tree of %i", (n) => {
    for (let at = 0; at < n; at += 1) {
      const check = verifyReserveProof(proofOf(n, at));
      expect(check).toMatchObject({ included: true, pathLeadsToRoot: true, problems: [] });
    }
  });

  it("rejects a changed leaf field", () => {
    const proof = proofOf(10, 4);
    const tampered = { ...proof, leaf: { ...proof.leaf, fmv_cents: proof.leaf.fmv_cents + 1 } };
    expect(verifyReserveProof(tampered)).toMatchObject({ included: false, pathLeadsToRoot: false });
    const owner = { ...proof, leaf: { ...proof.leaf, owner: "house" } };
    expect(verifyReserveProof(owner).included).toBe(false);
  });

  it("rejects a changed salt", () => {
    const proof = proofOf(10, 4);
    const tampered = { ...proof, leaf: { ...proof.leaf, salt: flip(proof.leaf.salt) } };
    expect(verifyReserveProof(tampered).included).toBe(false);
  });

  it("rejects a changed sibling, a missing one and a changed index", () => {
    const proof = proofOf(10, 4);
    proof.siblings.forEach((_, i) => {
      const siblings = proof.siblings.map((s, j) => (j === i ? flip(s) : s));
      expect(verifyReserveProof({ ...proof, siblings }).included).toBe(false);
    });
    expect(verifyReserveProof({ ...proof, siblings: proof.siblings.slice(1) }).included).toBe(
      false,
    );
    expect(verifyReserveProof({ ...proof, index: proof.index ^ 1 }).included).toBe(false);
  });

  it("rejects a changed root, and a root that is not the published one", () => {
    const proof = proofOf(10, 4);
    const tampered = { ...proof, snapshot: { ...proof.snapshot, root: flip(proof.snapshot.root) } };
    expect(verifyReserveProof(tampered).included).toBe(false);
    const other = verifyReserveProof(proof, flip(proof.snapshot.root));
    expect(other).toMatchObject({ included: false, pathLeadsToRoot: true, rootPublished: false });
    expect(other.problems).toEqual(["the root is not the one published for this snapshot"]);
    expect(verifyReserveProof(proof, proof.snapshot.root)).toMatchObject({
      included: true,
      rootPublished: true,
    });
  });
});

describe("reading a proof file", () => {
  it("reads what it writes", () => {
    const proof = proofOf(5, 2);
    expect(parseReserveProof(JSON.stringify(proof))).toEqual(proof);
  });

  it.each([
    ["not JSON", "{", "The proof is not JSON."],
    ["another format", JSON.stringify({ format: "x" }), "Not a PackVault reserve proof: format"],
  ])("refuses %s", (_name, text, message) => {
    expect(() => parseReserveProof(text)).toThrow(ReserveProofFormatError);
    expect(() => parseReserveProof(text)).toThrow(message);
  });

  it("refuses a sibling that is not a hash", () => {
    const proof = proofOf(5, 2);
    proof.siblings[0] = "zz" + proof.siblings[0]!.slice(2);
    expect(() => parseReserveProof(JSON.stringify(proof))).toThrow(/siblings\.0/);
  });
});
