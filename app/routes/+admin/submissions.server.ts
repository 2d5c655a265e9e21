import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { can } from "~/.server/policy/permissions";
import {
  deleteSubmission,
  listSubmissions,
  updateSubmission,
  type AdminSubmission,
} from "~/.server/admin/submissions";
import { deleteSubmissionSchema, updateSubmissionSchema } from "~/lib/schemas/admin";
import { adminIntent, type AdminTabServer } from "./tab-contract";

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
