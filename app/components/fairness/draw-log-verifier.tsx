import { CircleCheck, CircleX, FileCheck2, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { canVerifyInBrowser } from "./verify-opening";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { DrawLogFormatError, parseDrawLog } from "~/lib/draw-log";
import { verifyDrawLog, type DrawLogReport } from "~/lib/verify-draws";

type State =
  | { status: "idle" }
  | { status: "running" }
  | { status: "done"; packName: string; report: DrawLogReport }
  | { status: "failed"; message: string };

/** How many mismatching openings the report lists. */
const LISTED = 50;

/** Reads, parses and verifies a draw log's text in this browser (app/lib/verify-draws.ts). */
async function verifyText(text: string): Promise<State> {
  try {
    const log = parseDrawLog(text);
    return { status: "done", packName: log.pack.name, report: await verifyDrawLog(log) };
  } catch (error) {
    if (error instanceof DrawLogFormatError) return { status: "failed", message: error.message };
    throw error;
  }
}

/** The verdict on a whole log, its counts and the openings that failed. */
function LogReport({ packName, report }: { packName: string; report: DrawLogReport }) {
  const clean = report.mismatched === 0;
  const Icon = clean ? CircleCheck : CircleX;
  const failed = report.entries.filter((e) => e.status === "mismatch");
  return (
    <div className="space-y-3">
      <p
        className={cn(
          "flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border px-3 py-2 font-semibold",
          clean ? "border-green-500/50 bg-green-500/10" : "border-danger/60 bg-danger/10",
        )}
      >
        <Icon
          className={cn(
            "size-5 shrink-0",
            clean ? "text-green-700 dark:text-green-400" : "text-danger",
          )}
          aria-hidden="true"
        />
        {clean
          ? `${packName}: every revealed pull matches`
          : `${packName}: ${report.mismatched} ${report.mismatched === 1 ? "opening does" : "openings do"} not match`}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          ["Openings", report.total],
          ["Match", report.matched],
          ["Mismatch", report.mismatched],
          ["Not yet revealed", report.unrevealed],
        ].map(([term, value]) => (
          <div key={term} className="bg-surface-2 rounded-lg border px-3 py-2">
            <dt className="text-muted-foreground text-xs">{term}</dt>
            <dd className="text-lg font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {report.unrevealed > 0 ? (
        <p className="text-muted-foreground text-xs">
          An opening is recomputed once its opener rotates their seed pair; until then only its odds
          commitment and that its card is one the committed odds can draw are checked.
        </p>
      ) : null}
      {failed.length > 0 ? (
        <ul aria-label="Openings that do not match" className="space-y-1 text-sm">
          {failed.slice(0, LISTED).map((entry) => (
            <li key={entry.openingId}>
              <span className="font-medium">Opening {entry.openingId}:</span>{" "}
              {entry.problems.join("; ")}
            </li>
          ))}
          {failed.length > LISTED ? <li>and {failed.length - LISTED} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Verifies a whole draw log in this browser, with WebCrypto (nothing is asked of the server
 * beyond the log itself): fetched from `href` (a pack's draws.json), or, without `href`, from
 * a file the user picks (a log downloaded earlier, from any copy). The verdict is announced
 * politely.
 */
export function DrawLogVerifier({ href }: { href?: string }) {
  const [state, setState] = useState<State>({ status: "idle" });
  const [file, setFile] = useState<File | null>(null);
  const inputId = useId();

  async function run(read: () => Promise<string>) {
    if (!canVerifyInBrowser()) {
      setState({
        status: "failed",
        message:
          "This browser cannot verify here: WebCrypto needs a secure (https) connection. Use npm run verify instead.",
      });
      return;
    }
    setState({ status: "running" });
    try {
      setState(await verifyText(await read()));
    } catch (error) {
      setState({
        status: "failed",
        message: `The draw log could not be read (${error instanceof Error ? error.message : "unknown error"}).`,
      });
    }
  }

  async function fetchLog(url: string) {
    const response = await fetch(url, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return response.text();
  }

  const running = state.status === "running";
  return (
    <div className="space-y-3">
      {href ? (
        <Button
          type="button"
          variant="outline"
          onClick={() => void run(() => fetchLog(href))}
          disabled={running}
        >
          <ShieldCheck className="size-4" aria-hidden="true" />
          {running ? "Verifying..." : "Verify the draw log in your browser"}
        </Button>
      ) : (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) void run(() => file.text());
          }}
        >
          <div className="min-w-0 flex-1 space-y-1.5">
            <label htmlFor={inputId} className="block text-sm font-medium">
              Draw log (JSON)
            </label>
            <input
              id={inputId}
              type="file"
              accept=".json,application/json"
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              className="file:bg-surface-2 block w-full text-sm file:mr-3 file:rounded-md file:border file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
          </div>
          <Button type="submit" disabled={running || !file} className="shrink-0">
            <FileCheck2 className="size-4" aria-hidden="true" />
            {running ? "Verifying..." : "Verify draw log"}
          </Button>
        </form>
      )}
      <div role="status" aria-live="polite">
        {state.status === "done" ? (
          <LogReport packName={state.packName} report={state.report} />
        ) : state.status === "failed" ? (
          <p className="text-danger text-sm font-medium">{state.message}</p>
        ) : null}
      </div>
    </div>
  );
}
