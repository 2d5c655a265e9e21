import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { useSchemaForm } from "~/components/account-ui/schema-form";
import { Button } from "~/components/ui/button";
import { InputWithSubmit } from "~/components/account-ui/input-with-submit";
import { fairnessActionSchema } from "~/lib/schemas/fairness";

/** Whether the /fairness form with this `intent` is being submitted. */
function useSubmitting(intent: "client-seed" | "rotate"): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** Change the client seed: one field, checked with the shared schema, errors next to it. */
function ClientSeedForm({
  clientSeed,
  lastResult,
}: {
  clientSeed: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm(fairnessActionSchema, {
    id: "client-seed",
    lastResult,
    defaultValue: { intent: "client-seed", clientSeed },
  });
  const saving = useSubmitting("client-seed");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="client-seed" />
      <InputWithSubmit
        label="New client seed"
        field={fields.clientSeed}
        description="1-64 letters, digits, '-' or '_'. Openings from now on use it; the nonce keeps counting."
        busy={saving}
        working="Saving..."
        submit="Change client seed"
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
      />
    </Form>
  );
}

/** 'Rotate seed pair' behind a confirmation: reveals the server seed and starts a new pair. */
function RotateSeedPair() {
  const [open, setOpen] = useState(false);
  const rotating = useSubmitting("rotate");
  // Stays open with 'Rotating...' while the form is on its way; closes once it has landed.
  const wasRotating = useRef(false);
  useEffect(() => {
    if (wasRotating.current && !rotating) setOpen(false);
    wasRotating.current = rotating;
  }, [rotating]);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="secondary">
          <RefreshCw className="size-4" aria-hidden="true" />
          Rotate seed pair
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        title="Rotate your seed pair?"
        description="Your current server seed will be revealed, so you can verify every opening made with it. A new secret server seed takes its place (its hash is shown at once), your client seed stays, and the nonce starts again at 0."
      >
        <Form method="post">
          <input type="hidden" name="intent" value="rotate" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <Button type="submit" disabled={rotating}>
              {rotating ? "Rotating..." : "Rotate seed pair"}
            </Button>
          </div>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The signed-in user's active seed pair (docs/product/packs-and-fairness.md): the server seed's SHA-256 (the
 * commitment shown before opening), the client seed, the next nonce; changing the client seed
 * and rotating the pair.
 */
export function SeedPairSection({
  serverSeedHash,
  clientSeed,
  nonce,
  lastResult,
}: {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <section aria-labelledby="seed-pair-title" className="bg-surface rounded-xl border p-5 sm:p-6">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id="seed-pair-title" className="text-xl font-semibold">
            Your seed pair
          </h2>
          <p className="text-muted-foreground text-sm">
            Your next opening uses these. The server seed itself stays secret until you rotate.
          </p>
        </div>
        <RotateSeedPair />
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium">Server seed hash (SHA-256)</dt>
        <dd className="min-w-0 font-mono text-xs break-all sm:text-sm">{serverSeedHash}</dd>
        <dt className="font-medium">Client seed</dt>
        <dd className="min-w-0 font-mono break-all">{clientSeed}</dd>
        <dt className="font-medium">Next nonce</dt>
        <dd className="font-mono tabular-nums">{nonce}</dd>
      </dl>
      <div className="mt-5 border-t pt-5">
        <ClientSeedForm clientSeed={clientSeed} lastResult={lastResult} />
      </div>
    </section>
  );
}
