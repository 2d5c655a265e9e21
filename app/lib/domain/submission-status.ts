import { statusesOf } from "./status-labels";

/** A submission's status (docs/product/market.md: pending, reviewing, offer_made, accepted, rejected). */
export type SubmissionStatus = "pending" | "reviewing" | "offer_made" | "accepted" | "rejected";

/**
 * How each submission status reads to a person (docs/product/market.md): `offer_made` is
 * 'Offer made'. The /sell badge and the admin Submissions tab show these; the keys, in this
 * order, are the statuses an admin may set.
 */
export const SUBMISSION_STATUS_LABELS: Readonly<Record<SubmissionStatus, string>> = {
  pending: "Pending",
  reviewing: "Reviewing",
  offer_made: "Offer made",
  accepted: "Accepted",
  rejected: "Rejected",
};

/** Every submission status, in the label table's order (the submission_requests table's CHECK). */
export const SUBMISSION_STATUSES = statusesOf(SUBMISSION_STATUS_LABELS);
