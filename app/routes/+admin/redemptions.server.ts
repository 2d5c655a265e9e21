import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { can } from "~/.server/policy/permissions";
import {
  listRedemptions,
  updateRedemption,
  type AdminRedemption,
} from "~/.server/admin/redemptions";
import { updateRedemptionSchema } from "~/lib/schemas/admin";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** What the Redemptions tab shows: a page of redemptions, the search, and whether they can be updated. */
export type RedemptionsTabData = Paged<AdminRedemption> & { q: string; canManage: boolean };

/** Redemptions (docs/product/administration.md: list; set status and tracking number; admins only). */
export const redemptionsTab: AdminTabServer<RedemptionsTabData> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return {
      ...(await listRedemptions(ctx, query)),
      q: query.q,
      canManage: can(ctx.actor?.role, "manageRedemptions"),
    };
  },
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
