import { Inbox, Printer } from "lucide-react";
import { SubmissionStatusBadge } from "~/components/sell/submission-status-badge";
import { ConfirmAction } from "~/components/market/confirm-action";
import { Button } from "~/components/ui/button";
import { submissionLabelPath, submissionReference } from "~/lib/domain/market";
import type { SubmissionStatus } from "~/lib/domain/submission-status";
import { formatCents } from "~/lib/money";
import { Time } from "~/components/ui/time";

/** One of the user's submissions as /sell lists it. */
export type SellSubmission = {
  id: number;
  itemName: string;
  itemDescription: string;
  category: string;
  status: SubmissionStatus;
  estimatedValueCents: number | null;
  offerAmountCents: number | null;
  submittedAt: string;
};

/**
 * Accept or Reject the shop's offer, after a confirmation (an alert dialog: Cancel is focused
 * first); the confirm button posts `intent=answer-offer` to /sell with a fetcher
 * ('Processing...', not pressable twice, the dialog cannot be closed meanwhile) and the dialog
 * closes once the answer is recorded.
 */
function AnswerOffer({
  submission,
  answer,
}: {
  submission: SellSubmission;
  answer: "accept" | "reject";
}) {
  const offer = formatCents(submission.offerAmountCents ?? 0);
  const accept = answer === "accept";
  return (
    <ConfirmAction
      action="/sell"
      fields={{ intent: "answer-offer", submissionId: submission.id, answer }}
      size="sm"
      variant={accept ? "primary" : "outline"}
      aria-label={`${accept ? "Accept" : "Reject"} the offer of ${offer} for ${submission.itemName}`}
      label={accept ? "Accept" : "Reject"}
      title={accept ? "Accept our offer?" : "Reject our offer?"}
      description={
        accept
          ? `We will buy ${submission.itemName} for ${offer}. We provide a prepaid shipping label, and you are paid within 5 business days after we authenticate the item.`
          : `Your submission of ${submission.itemName} will be closed without a sale. This cannot be undone.`
      }
      confirmLabel={accept ? "Accept Offer" : "Reject Offer"}
    />
  );
}

function SubmissionItem({ submission }: { submission: SellSubmission }) {
  const headingId = `submission-${submission.id}`;
  return (
    <li aria-labelledby={headingId} className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold break-words">
            {submission.itemName}
          </h3>
          <p className="text-muted-foreground text-sm">
            {submission.category} · Submitted <Time value={submission.submittedAt} style="date" />
          </p>
        </div>
        <SubmissionStatusBadge status={submission.status} />
      </div>
      <p className="text-muted-foreground line-clamp-2 text-sm break-words">
        {submission.itemDescription}
      </p>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-md">
        {[
          { term: "Your estimate", cents: submission.estimatedValueCents, none: "Not given" },
          { term: "Our offer", cents: submission.offerAmountCents, none: "Not yet" },
        ].map(({ term, cents, none }) => (
          <div key={term}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium">{cents === null ? none : formatCents(cents)}</dd>
          </div>
        ))}
      </dl>
      {submission.status === "offer_made" ? (
        <div className="border-accent/40 bg-accent/10 flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
          <p className="text-sm">
            We offer <strong>{formatCents(submission.offerAmountCents ?? 0)}</strong> for this item.
          </p>
          <div className="flex gap-2">
            <AnswerOffer submission={submission} answer="accept" />
            <AnswerOffer submission={submission} answer="reject" />
          </div>
        </div>
      ) : null}
      {submission.status === "accepted" ? (
        <div className="border-accent/40 bg-accent/10 flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
          <p className="text-sm">
            Offer accepted. Ship the item with your prepaid label, reference{" "}
            <strong>{submissionReference(submission.id)}</strong>.
          </p>
          <Button asChild size="sm">
            <a
              href={submissionLabelPath(submission.id)}
              aria-label={`Print the prepaid shipping label for ${submission.itemName} (PDF)`}
            >
              <Printer className="size-4" aria-hidden="true" />
              Print shipping label
            </a>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The user's own submissions, newest first (docs/product/market.md "Selling to the shop"): name, category, date, status
 * ('Offer made' for `offer_made`), their estimate and the shop's offer; an open offer can be
 * accepted or rejected; an accepted one links its prepaid shipping label (a PDF).
 */
export function SubmissionList({ submissions }: { submissions: SellSubmission[] }) {
  return (
    <section aria-labelledby="your-submissions" className="space-y-4">
      <h2 id="your-submissions" className="text-xl font-semibold">
        Your Submissions
        {submissions.length > 0 ? (
          <span className="text-muted-foreground ml-2 text-base font-normal">
            ({submissions.length})
          </span>
        ) : null}
      </h2>
      {submissions.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
          <Inbox className="text-muted-foreground size-8" aria-hidden="true" />
          <p className="font-medium">No submissions yet</p>
          <p className="text-muted-foreground text-sm">
            Items you submit appear here with their status and our offer.
          </p>
        </div>
      ) : (
        <ul aria-label="Your submissions" className="bg-surface divide-y rounded-xl border">
          {submissions.map((submission) => (
            <SubmissionItem key={submission.id} submission={submission} />
          ))}
        </ul>
      )}
    </section>
  );
}
