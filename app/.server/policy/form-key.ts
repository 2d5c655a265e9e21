import { DomainError } from "../errors";

/**
 * What a form sent again under its key answers (a double click, a retried post: the key is made
 * when the form renders, docs/decisions/044-confirm-before-money-moves.md): the id of `earlier`,
 * the row the first submission made under the key, when it has the same details (`same`), so
 * nothing is made twice.
 * @throws DomainError `idempotency_conflict` (409, '<done> with other details', as in 'This offer
 * was already sent with other details') when the key made something else, or nothing
 * (`earlier` undefined).
 */
export function sameUnderKey<Row extends { id: number }>(
  earlier: Row | undefined,
  same: (row: Row) => boolean,
  done: string,
): number {
  if (!earlier || !same(earlier)) {
    throw new DomainError("idempotency_conflict", `${done} with other details`, 409);
  }
  return earlier.id;
}
