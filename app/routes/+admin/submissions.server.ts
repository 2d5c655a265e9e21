import { readPageQuery, type Paged } from "~/.server/admin/paging";
import { can } from "~/.server/admin/permissions";
import {
  deleteSubmission,
  listSubmissions,
  updateSubmission,
  type AdminSubmission,
} from "~/.server/admin/submissions";
import type { AdminTabServer } from "./tab-contract";

/** What the Submissions tab shows: a page of submissions, the search, and what the role may do. */
export type SubmissionsTabData = Paged<AdminSubmission> & {
  q: string;
  canUpdate: boolean;
  canDelete: boolean;
};

/**
 * Submissions (docs/product/administration.md: list; update status, estimated value, offer amount; delete).
 * Admins and moderators update; only admins delete.
 */
export const submissionsTab: AdminTabServer<SubmissionsTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return {
      ...(await listSubmissions(ctx, query)),
      q: query.q,
      canUpdate: can(ctx.actor?.role, "updateSubmission"),
      canDelete: can(ctx.actor?.role, "deleteSubmission"),
    };
  },
  intents: {
    "update-submission": {
      capability: "updateSubmission",
      successTitle: "Submission updated successfully",
      errorTitle: "Error updating submission",
      run: (ctx, form) =>
        updateSubmission(ctx, {
          submissionId: form.get("submissionId"),
          status: form.get("status"),
          estimatedValue: form.get("estimatedValue"),
          offerAmount: form.get("offerAmount"),
        }),
    },
    "delete-submission": {
      capability: "deleteSubmission",
      successTitle: "Submission deleted successfully",
      errorTitle: "Error deleting submission",
      run: (ctx, form) => deleteSubmission(ctx, { submissionId: form.get("submissionId") }),
    },
  },
};
