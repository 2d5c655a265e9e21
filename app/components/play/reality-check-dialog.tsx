import { useFetcher } from "react-router";
import { Link } from "react-router";
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { formatCents } from "~/lib/money";
import type { RealityCheck } from "~/lib/play";

/** A reality check as it travels in JSON (the session start as an ISO string). */
export type RealityCheckJson = Omit<RealityCheck, "sessionStartedAt"> & {
  sessionStartedAt: string;
};

/** 3780 -> "1 hour 3 minutes". */
function duration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return minutes > 0 ? `${part(hours, "hour")} ${part(minutes, "minute")}` : part(hours, "hour");
}

/**
 * The reality check after every 60 minutes of opening packs in a session
 * (docs/decisions/010-responsible-play.md): time spent, packs opened, amount spent and net
 * result, with 'Continue' (acknowledged on the server, so it comes back an hour later) or
 * 'Take a break' (the Limits tab's break and self-exclusion).
 */
export function RealityCheckDialog({
  check,
  onDone,
}: {
  check: RealityCheckJson | null;
  onDone: () => void;
}) {
  const fetcher = useFetcher();
  const net = check?.netCents ?? 0;
  return (
    <AlertDialog open={check !== null}>
      {check ? (
        <AlertDialogContent
          title="Reality check"
          description={`You have been opening packs for ${duration(check.elapsedSeconds)}.`}
        >
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Time spent</dt>
            <dd className="text-right font-medium tabular-nums">
              {duration(check.elapsedSeconds)}
            </dd>
            <dt className="text-muted-foreground">Packs opened</dt>
            <dd className="text-right font-medium tabular-nums">{check.packsOpened}</dd>
            <dt className="text-muted-foreground">Amount spent</dt>
            <dd className="text-right font-medium tabular-nums">{formatCents(check.spentCents)}</dd>
            <dt className="text-muted-foreground">Net result</dt>
            <dd className="text-right font-medium tabular-nums">
              {net < 0 ? "-" : net > 0 ? "+" : ""}
              {formatCents(Math.abs(net))}
            </dd>
          </dl>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" asChild>
              <Link to="/account?tab=limits" onClick={onDone}>
                Take a break
              </Link>
            </Button>
            <AlertDialogCancel asChild>
              <Button
                onClick={() => {
                  void fetcher.submit(
                    { intent: "continue-play", checkNumber: String(check.checkNumber) },
                    { method: "post", action: "/account" },
                  );
                  onDone();
                }}
              >
                Continue
              </Button>
            </AlertDialogCancel>
          </div>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
