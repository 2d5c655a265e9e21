import { loadAuditPage, type AuditRow } from "~/.server/admin/audit-page";
import { readPageQuery, type Paged } from "~/.server/policy/paging";
import type { AdminTabServer } from "./tab-contract";

/** Audit (docs/product/administration.md "Audit"): every staff change, newest first; read-only (append-only). */
export const auditTab: AdminTabServer<Paged<AuditRow>> = {
  load: (ctx, search) => loadAuditPage(ctx, { page: readPageQuery(search).page }),
  intents: {},
};
