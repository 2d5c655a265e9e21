import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { LeanIMT } from "@zk-kit/lean-imt";
import { z } from "zod";
import { parseJsonAs } from "./parse-json-as";
import { CERT_PATTERN, GRADERS, type Grader, type SlabState } from "./slabs";

/**
 * Proof of reserves (docs/decisions/043-proof-of-reserves.md): the words, the leaf encoding and
 * the proof check shared by the server, the browser (/reserves, the vault) and the command line
 * (`npm run verify:reserves`). Pure and synchronous: SHA-256 from @noble/hashes, the tree from
 * @zk-kit/lean-imt, no Node built-ins.
 */

/** The custody states a snapshot counts: every slab the vault holds for the house or a collector. */
export const RESERVE_STATES = [
  "house_stock",
  "in_pool",
  "owned",
  "shipping_out",
] as const satisfies readonly SlabState[];
export type ReserveState = (typeof RESERVE_STATES)[number];

/** Each counted state as /reserves names it. */
export const RESERVE_STATE_LABELS: Record<ReserveState, string> = {
  house_stock: "House stock",
  in_pool: "In pack pools",
  owned: "Collectors' slabs",
  shipping_out: "Shipping out to owners",
};

/** The owner field of a leaf whose slab is the house's (house stock, a pack's pool). */
export const HOUSE_OWNER = "house";

/** One leaf: what the vault says about one slab at the snapshot. `fmvCents` in integer cents. */
export type ReserveLeaf = {
  grader: Grader;
  cert: string;
  /** On the grader's scale, one decimal in the encoding ("9.5", "10.0"). */
  grade: number;
  state: ReserveState;
  fmvCents: number;
  /** The owner's anonymous draw-log tag (16 hex), or {@link HOUSE_OWNER}. */
  owner: string;
  /** 32 lowercase hex (16 random bytes), new for every leaf of every snapshot. */
  salt: string;
};

/** The version tag that starts every leaf's text. */
export const LEAF_VERSION = "packvault-reserve-leaf/v1";

/**
 * A leaf's canonical text: `packvault-reserve-leaf/v1|grader|cert|grade|state|fmv cents|owner|salt`
 * (grade with one decimal, FMV as an integer). No field can hold a `|`.
 */
export function leafText(leaf: ReserveLeaf): string {
  return [
    LEAF_VERSION,
    leaf.grader,
    leaf.cert,
    leaf.grade.toFixed(1),
    leaf.state,
    String(leaf.fmvCents),
    leaf.owner,
    leaf.salt,
  ].join("|");
}

const LEAF_PREFIX = Uint8Array.of(0);
const NODE_PREFIX = Uint8Array.of(1);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A leaf's hash: SHA-256(0x00 || UTF-8 of {@link leafText}), 64 lowercase hex (RFC 6962 style). */
export function leafHash(leaf: ReserveLeaf): string {
  return bytesToHex(sha256(concat(LEAF_PREFIX, utf8ToBytes(leafText(leaf)))));
}

/**
 * An inner node: SHA-256(0x01 || left || right) over the two 32-byte children, 64 lowercase
 * hex. The prefixes keep a leaf from passing for an inner node and back.
 */
export function nodeHash(left: string, right: string): string {
  return bytesToHex(sha256(concat(NODE_PREFIX, hexToBytes(left), hexToBytes(right))));
}

/**
 * The tree over leaf hashes, in the order given (the server sorts them): a LeanIMT, where a
 * node without a right sibling is carried up unhashed.
 */
export function reserveTree(leafHashes: string[]): LeanIMT<string> {
  return new LeanIMT<string>(nodeHash, leafHashes);
}

/** Counts and FMV totals (cents) of one custody state in a snapshot. */
export type StateTotal = { count: number; fmvCents: number };
export type StateTotals = Record<ReserveState, StateTotal>;

/** Zero for every state. */
export const emptyTotals = (): StateTotals =>
  Object.fromEntries(RESERVE_STATES.map((s) => [s, { count: 0, fmvCents: 0 }])) as StateTotals;

/** The format's name and version, the first fields of a proof file. */
export const PROOF_FORMAT = "packvault-reserve-proof";
export const PROOF_VERSION = 1;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, "expected 64 lowercase hex characters");

/** A collector's proof, as downloaded and as `npm run verify:reserves` reads it. */
export const reserveProofSchema = z.object({
  format: z.literal(PROOF_FORMAT),
  version: z.literal(PROOF_VERSION),
  snapshot: z.object({
    id: z.number().int().positive(),
    /** ISO 8601, UTC. */
    created_at: z.string(),
    root: hex64,
    leaf_count: z.number().int().positive(),
    /** Where the snapshot's public data is (`/reserves/{id}.json`). */
    url: z.string(),
  }),
  leaf: z.object({
    grader: z.enum(GRADERS),
    cert: z.string().regex(CERT_PATTERN),
    grade: z.number().min(1).max(10),
    state: z.enum(RESERVE_STATES),
    fmv_cents: z.number().int().min(0),
    owner: z.string().regex(/^(house|[0-9a-f]{16})$/),
    salt: z.string().regex(/^[0-9a-f]{32}$/, "expected 32 lowercase hex characters"),
  }),
  /** The path bits LeanIMT reads: bit i set when the node is the right child at step i. */
  index: z.number().int().min(0),
  siblings: z.array(hex64).max(48),
});
export type ReserveProof = z.infer<typeof reserveProofSchema>;

/** A proof file that is not JSON or not a proof (exit 2 for the command line). */
export class ReserveProofFormatError extends Error {}

/** Parses a proof file. @throws ReserveProofFormatError with what is wrong. */
export function parseReserveProof(text: string): ReserveProof {
  return parseJsonAs(
    text,
    reserveProofSchema,
    {
      notJson: "The proof is not JSON.",
      malformed: (path, message) => `Not a PackVault reserve proof: ${path || "(top)"}: ${message}`,
    },
    ReserveProofFormatError,
  );
}

/** The leaf of a proof, in the encoder's shape. */
export const leafOfProof = (proof: ReserveProof): ReserveLeaf => ({
  grader: proof.leaf.grader,
  cert: proof.leaf.cert,
  grade: proof.leaf.grade,
  state: proof.leaf.state,
  fmvCents: proof.leaf.fmv_cents,
  owner: proof.leaf.owner,
  salt: proof.leaf.salt,
});

/** What checking a proof found. */
export type ReserveProofCheck = {
  leafHash: string;
  /** The leaf, hashed up its path, gives the proof's root. */
  pathLeadsToRoot: boolean;
  /** The proof's root is the one published (null when none was given to compare). */
  rootPublished: boolean | null;
  problems: string[];
  /** No problem: the slab is counted in the snapshot. */
  included: boolean;
};

/**
 * Checks a proof: hashes its leaf, walks the siblings up (LeanIMT.verifyProof with
 * {@link nodeHash}) and compares with the proof's root; with `publishedRoot` (what /reserves
 * shows for the snapshot), also that the root is the published one. Any changed leaf field,
 * salt, sibling or root fails.
 */
export function verifyReserveProof(proof: ReserveProof, publishedRoot?: string): ReserveProofCheck {
  const hash = leafHash(leafOfProof(proof));
  const pathLeadsToRoot = LeanIMT.verifyProof(
    { root: proof.snapshot.root, leaf: hash, index: proof.index, siblings: proof.siblings },
    nodeHash,
  );
  const rootPublished = publishedRoot === undefined ? null : publishedRoot === proof.snapshot.root;
  const problems = [
    ...(pathLeadsToRoot ? [] : ["the leaf and its path do not lead to the snapshot's root"]),
    ...(rootPublished === false ? ["the root is not the one published for this snapshot"] : []),
  ];
  return {
    leafHash: hash,
    pathLeadsToRoot,
    rootPublished,
    problems,
    included: problems.length === 0,
  };
}
