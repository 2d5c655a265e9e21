import { loadAdminOverview, type AdminOverview } from "~/.server/admin/overview";
import type { AdminTabServer } from "./tab-contract";

/** Overview (docs/product/administration.md): the eight counters and 30 days of activity; read-only. */
export const overviewTab: AdminTabServer<AdminOverview> = {
  load: (ctx) => loadAdminOverview(ctx),
  intents: {},
};
