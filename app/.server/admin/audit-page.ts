import { count } from "drizzle-orm";
import type { Ctx } from "../context";
import { adminAuditLog } from "../db/schema";
import { AUDIT_PAGE_SIZE, listAuditLog } from "../policy/audit";
import { pageWindow, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";

/** One audit row as the Audit tab shows it (app/.server/policy/audit.ts writes them). */
export type AuditRow = typeof adminAuditLog.$inferSelect;

/**
 * One page of the audit log, newest first ({@link listAuditLog}), with the total number of rows
 * (docs/product/administration.md "Audit": shown in an Audit tab, paginated with a titled total).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function loadAuditPage(
  ctx: Ctx,
  { page }: { page: number },
): Promise<Paged<AuditRow>> {
  requireStaff(ctx, "view");
  const [counted] = await ctx.db.select({ n: count() }).from(adminAuditLog);
  const total = counted?.n ?? 0;
  const window = pageWindow(total, page, AUDIT_PAGE_SIZE);
  const rows = await listAuditLog(ctx, { page: window.page });
  return { rows, total, page: window.page, pageCount: window.pageCount };
}
