import { sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import type { Ctx } from "~/.server/context";
import type { TestDatabase } from "./db";

/**
 * Runs `attempt` with `ctx` while the fraud check cannot read its blocks (the blocked_entities
 * table renamed away, then back), and expects the check's failure logged on `ctx`'s logger for a
 * login, the attempt left to proceed (docs/product/accounts-and-security.md).
 */
export async function withFraudCheckBroken(
  db: TestDatabase,
  ctx: Ctx,
  attempt: () => Promise<void>,
): Promise<void> {
  const logError = vi.spyOn(ctx.log, "error");
  await db.db.execute(sql`ALTER TABLE blocked_entities RENAME TO blocked_entities_away`);
  try {
    await attempt();
  } finally {
    await db.db.execute(sql`ALTER TABLE blocked_entities_away RENAME TO blocked_entities`);
  }
  expect(logError).toHaveBeenCalledWith(
    expect.objectContaining({ action: "login" }),
    "fraud check failed; letting the attempt proceed",
  );
  logError.mockRestore();
}
