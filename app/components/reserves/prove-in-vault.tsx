import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Time } from "~/components/ui/time";
import { formatCents } from "~/lib/money";
import type { ReserveProof, ReserveProofCheck } from "~/lib/reserves";

type Checked = { text: string; proof: ReserveProof; check: ReserveProofCheck };
type State =
  | { step: "idle" }
  | { step: "checking" }
  | { step: "done"; result: Checked }
  | { step: "failed"; message: string };

/**
 * Fetches the proof of card `cardId`, the published root of its snapshot, and checks the proof
 * in the browser with the shared code (app/lib/reserves.ts, loaded only now).
 */
async function fetchAndCheck(cardId: number): Promise<Checked> {
  const response = await fetch(`/vault/cards/${cardId}/reserve-proof.json`, {
    headers: { Accept: "application/json" },
  });
  const text = await response.text();
  if (!response.ok) {
    let message = "The proof could not be loaded. Please try again.";
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? message;
    } catch {
      // Not JSON: keep the general message.
    }
    throw new Error(message);
  }
  const { parseReserveProof, verifyReserveProof } = await import("~/lib/reserves");
  const proof = parseReserveProof(text);
  const published = await fetch(`/reserves/${proof.snapshot.id}.json`);
  const root = published.ok ? ((await published.json()) as { root?: string }).root : undefined;
  return { text, proof, check: verifyReserveProof(proof, root ?? "") };
}

/** Offers the proof's exact text as a file. */
function download(result: Checked) {
  const url = URL.createObjectURL(new Blob([result.text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `packvault-reserve-proof-${result.proof.leaf.grader}-${result.proof.leaf.cert}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

function Outcome({ result }: { result: Checked }) {
  const { proof, check } = result;
  return (
    <div className="mt-4 flex flex-col gap-3 text-sm">
      <p
        role="status"
        className={
          check.included
            ? "rounded-lg border border-emerald-500/50 p-3 font-semibold text-emerald-400"
            : "rounded-lg border border-red-500/50 p-3 font-semibold text-red-400"
        }
      >
        {check.included
          ? `Verified: this slab is counted in reserve snapshot #${proof.snapshot.id}.`
          : `Not verified: ${check.problems.join("; ")}.`}
      </p>
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Slab</dt>
        <dd>
          {proof.leaf.grader} {proof.leaf.cert}, grade {proof.leaf.grade.toFixed(1)}
        </dd>
        <dt className="text-muted-foreground">Value</dt>
        <dd>{formatCents(proof.leaf.fmv_cents)}</dd>
        <dt className="text-muted-foreground">Owner tag</dt>
        <dd className="font-mono">{proof.leaf.owner}</dd>
        <dt className="text-muted-foreground">Snapshot</dt>
        <dd>
          #{proof.snapshot.id}, <Time value={proof.snapshot.created_at} />
        </dd>
        <dt className="text-muted-foreground">Root</dt>
        <dd className="font-mono break-all">{proof.snapshot.root}</dd>
        <dt className="text-muted-foreground">Path</dt>
        <dd>{proof.siblings.length} hashes</dd>
      </dl>
      <p className="text-muted-foreground">
        Check it again offline: <code>npm run verify:reserves -- proof.json</code>.
      </p>
      <Button type="button" onClick={() => download(result)}>
        Download proof (JSON)
      </Button>
    </div>
  );
}

/**
 * "Prove it's in the vault" (docs/decisions/043-proof-of-reserves.md): a button that opens a
 * dialog, fetches the card's proof and checks it here, in the browser, against the root
 * /reserves publishes; the verdict, the leaf and a download of the proof as JSON.
 */
export function ProveInVault({ cardId, describedBy }: { cardId: number; describedBy: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<State>({ step: "idle" });
  const start = () => {
    setOpen(true);
    setState({ step: "checking" });
    fetchAndCheck(cardId).then(
      (result) => setState({ step: "done", result }),
      (error: unknown) =>
        setState({
          step: "failed",
          message: error instanceof Error ? error.message : "The proof could not be checked.",
        }),
    );
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={start} aria-describedby={describedBy}>
        <ShieldCheck className="size-4" aria-hidden="true" />
        Prove it&rsquo;s in the vault
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Prove it’s in the vault"
        description="Your browser recomputes the vault's published root from this slab's leaf and its path."
      >
        {state.step === "checking" ? (
          <p role="status" className="mt-4 text-sm">
            Checking the proof…
          </p>
        ) : null}
        {state.step === "failed" ? (
          <p role="alert" className="mt-4 text-sm text-red-400">
            {state.message}
          </p>
        ) : null}
        {state.step === "done" ? <Outcome result={state.result} /> : null}
      </Dialog>
    </>
  );
}
