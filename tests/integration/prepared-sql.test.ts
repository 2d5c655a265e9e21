import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { preparedSql, queryPrepared } from "~/.server/db/prepared";
import { queryRows } from "~/.server/db/rows";
import { periodTotalsSql } from "~/.server/policy/limits";
import { postMovement } from "~/.server/wallet/ledger";
import { makeCollector } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";

const db = databaseForFile();

// docs/decisions/058-opening-statements-built-once.md
describe("statements built once (preparedSql)", () => {
  it("builds the text once and runs it with each call's values, in and out of a transaction", async () => {
    let builds = 0;
    const statement = preparedSql(["a", "b"], (v) => {
      builds++;
      return sql`SELECT ${v.a}::int + ${v.b}::int AS sum, ${v.a}::int AS a`;
    });
    expect(await queryPrepared(db.db, statement, { a: 2, b: 3 })).toEqual([{ sum: 5, a: 2 }]);
    const inTx = await db.db.transaction((tx) => queryPrepared(tx, statement, { a: 40, b: 2 }));
    expect(inTx).toEqual([{ sum: 42, a: 40 }]);
    expect(builds).toBe(1);
    expect(statement.query().params).toHaveLength(3);
  });

  it("reads the same period totals with 'now' as a placeholder as with the date itself", async () => {
    const { id: userId } = await makeCollector(db);
    await db.db.transaction((tx) =>
      postMovement(tx, {
        kind: "top_up",
        reference: "prepared-sql",
        description: "Test funds",
        legs: [{ account: { userId }, amountCents: 1_234 }],
      }),
    );
    // An entry stamped now is inside every rolling period ending a little later.
    const now = new Date(Date.now() + 1_000);
    const direct = await queryRows(
      db.db,
      sql`SELECT ${periodTotalsSql(userId, "deposit", now)} AS totals`,
    );
    const statement = preparedSql(
      ["userId", "now"],
      (v) => sql`SELECT ${periodTotalsSql(v.userId, "deposit", v.now)} AS totals`,
    );
    expect(direct).toEqual([{ totals: { day: 1_234, week: 1_234, month: 1_234 } }]);
    expect(await queryPrepared(db.db, statement, { userId, now })).toEqual(direct);
  });
});
