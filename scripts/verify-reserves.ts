// `npm run verify:reserves -- <proof.json or URL>`: checks a PackVault reserve proof (the file
// "Prove it's in the vault" downloads) with the same code as the browser (app/lib/reserves.ts):
// the leaf, hashed up its path, must give the snapshot's root.
// Exit status: 0 when the slab is included, 1 when it is not, 2 when the proof cannot be read.
// Only the one URL given is fetched; compare the root printed with the one /reserves publishes.
import { ReserveProofFormatError, parseReserveProof, verifyReserveProof } from "~/lib/reserves";
import { readSource } from "./read-source";

async function main(argv: string[]): Promise<number> {
  const source = argv[0];
  if (!source || argv.length > 1 || source === "--help") {
    console.error("usage: npm run verify:reserves -- <proof.json or URL>");
    return 2;
  }
  let proof;
  try {
    proof = parseReserveProof(await readSource(source));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof ReserveProofFormatError ? message : `Cannot read ${source}: ${message}`,
    );
    return 2;
  }
  const check = verifyReserveProof(proof);
  const { leaf, snapshot } = proof;
  console.log(`Snapshot #${snapshot.id} of ${snapshot.created_at}, ${snapshot.leaf_count} slabs`);
  console.log(`root       ${snapshot.root}   (published at ${snapshot.url})`);
  console.log(
    `leaf       ${leaf.grader} ${leaf.cert}, grade ${leaf.grade.toFixed(1)}, ${leaf.state}`,
  );
  console.log(`leaf hash  ${check.leafHash}`);
  if (check.included) {
    console.log("INCLUDED   the leaf and its path lead to the root");
    return 0;
  }
  console.log(`NOT INCLUDED  ${check.problems.join("; ")}`);
  return 1;
}

process.exitCode = await main(process.argv.slice(2));
