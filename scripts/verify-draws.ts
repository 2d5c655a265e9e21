// `npm run verify -- <file or URL of a draw log>`: recomputes every opening of a PackVault
// draw log (a pack's draws.json) whose server seed is revealed, with the same verifier as the
// browser (app/lib/verify-draws.ts), and prints the matches and mismatches.
// Exit status: 0 when nothing mismatches, 1 on any mismatch, 2 when the log cannot be read.
// Only the one URL given is fetched.
import { DrawLogFormatError, parseDrawLog } from "~/lib/draw-log";
import { verifyDrawLog } from "~/lib/verify-draws";
import { readSource } from "./read-source";

async function main(argv: string[]): Promise<number> {
  const source = argv[0];
  if (!source || argv.length > 1 || source === "--help") {
    console.error("usage: npm run verify -- <draw log file or URL>   (a pack's draws.json)");
    return 2;
  }
  let log;
  try {
    log = parseDrawLog(await readSource(source));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof DrawLogFormatError ? message : `Cannot read ${source}: ${message}`,
    );
    return 2;
  }
  const report = await verifyDrawLog(log);
  console.log(`Draw log of pack ${log.pack.id} (${log.pack.name}), generated ${log.generated_at}`);
  for (const entry of report.entries) {
    if (entry.status === "match") console.log(`match     opening ${entry.openingId}`);
    if (entry.status === "mismatch") {
      console.log(`MISMATCH  opening ${entry.openingId}: ${entry.problems.join("; ")}`);
    }
  }
  console.log(
    `${report.total} openings: ${report.matched} match, ${report.mismatched} mismatch, ` +
      `${report.unrevealed} not yet revealed (commitment and range checked only)`,
  );
  return report.mismatched > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
