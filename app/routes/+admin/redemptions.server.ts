import {
  listRedemptions,
  updateRedemption,
  type AdminRedemption,
} from "~/.server/admin/redemptions";
import { updateRedemptionSchema } from "~/lib/schemas/admin";
import { loadPaged, type PagedTabData } from "./paged-tab.server";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Redemptions tab shows: a page of redemptions, the search, and whether they can be updated. */
export type RedemptionsTabData = PagedTabData<AdminRedemption, "canManage">;

/** Redemptions (docs/product/administration.md: list; set status and tracking number; admins only). */
export const redemptionsTab: AdminTabServer<RedemptionsTabData> = {
  load: loadPaged(listRedemptions, { canManage: "manageRedemptions" }),
  intents: {
    "update-redemption": adminIntent({
      capability: "manageRedemptions",
      schema: updateRedemptionSchema,
      successTitle: "Redemption updated successfully",
      errorTitle: "Error updating redemption",
      run: (ctx, input) => updateRedemption(ctx, input),
    }),
  },
};
