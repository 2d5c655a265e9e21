import {
  deleteSubmission,
  listSubmissions,
  updateSubmission,
  type AdminSubmission,
} from "~/.server/admin/submissions";
import { deleteSubmissionSchema, updateSubmissionSchema } from "~/lib/schemas/admin";
import { loadPaged, type PagedTabData } from "./paged-tab.server";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Submissions tab shows: a page of submissions, the search, and what the role may do. */
export type SubmissionsTabData = PagedTabData<AdminSubmission, "canUpdate" | "canDelete">;

/**
 * Submissions (docs/product/administration.md: list; update status, estimated value, offer amount; delete).
 * Admins and moderators update; only admins delete.
 */
export const submissionsTab: AdminTabServer<SubmissionsTabData> = {
  load: loadPaged(listSubmissions, {
    canUpdate: "updateSubmission",
    canDelete: "deleteSubmission",
  }),
  intents: {
    "update-submission": adminIntent({
      capability: "updateSubmission",
      schema: updateSubmissionSchema,
      successTitle: "Submission updated successfully",
      errorTitle: "Error updating submission",
      run: (ctx, input) => updateSubmission(ctx, input),
    }),
    "delete-submission": adminIntent({
      capability: "deleteSubmission",
      schema: deleteSubmissionSchema,
      successTitle: "Submission deleted successfully",
      errorTitle: "Error deleting submission",
      run: (ctx, input) => deleteSubmission(ctx, input),
    }),
  },
};
