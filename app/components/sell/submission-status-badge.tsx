import { Badge } from "~/components/ui/badge";
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from "~/lib/domain/submission-status";

/** Light theme: 800 text on a 100 tint; dark theme: 200 text on a 15 % tint (WCAG AA). */
const STATUS_STYLES: Record<SubmissionStatus, string> = {
  pending:
    "border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-500/50 dark:bg-slate-400/15 dark:text-slate-200",
  reviewing:
    "border-blue-300 bg-blue-100 text-blue-800 dark:border-blue-500/50 dark:bg-blue-400/15 dark:text-blue-200",
  offer_made:
    "border-amber-300 bg-amber-100 text-amber-800 dark:border-amber-500/50 dark:bg-amber-400/15 dark:text-amber-200",
  accepted:
    "border-green-300 bg-green-100 text-green-800 dark:border-green-500/50 dark:bg-green-400/15 dark:text-green-200",
  rejected:
    "border-red-300 bg-red-100 text-red-800 dark:border-red-500/50 dark:bg-red-400/15 dark:text-red-200",
};

/** A submission's status as a coloured badge ('Pending', 'Offer made', ...). */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <Badge data-status={status} className={STATUS_STYLES[status]}>
      {SUBMISSION_STATUS_LABELS[status]}
    </Badge>
  );
}
