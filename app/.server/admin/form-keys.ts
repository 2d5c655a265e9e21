import { sameUnderKey } from "../policy/form-key";

/**
 * What an admin create form sent again under its key answers (a double click, a retried post:
 * the key is made when the tab loads, app/lib/schemas/admin.ts `adminFormKeySchema`): the id of
 * what the first submission created, when `earlier` (the row holding the key) has the same
 * details (`same`); nothing is created, audited or announced again
 * (docs/decisions/031-news-mails.md: each news once).
 * @throws DomainError `idempotency_conflict` (409, 'This pack was already created with other
 * details') when the key made something else.
 */
export function createdBefore<Row extends { id: number }>(
  what: "pack" | "event",
  earlier: Row | undefined,
  same: (row: Row) => boolean,
): number {
  return sameUnderKey(earlier, same, `This ${what} was already created`);
}
