/**
 * Whose money an open standing bid or a leading auction bid holds (or who sells an open
 * auction): never null, since an account with money on hold or a card in auction cannot be
 * deleted (app/.server/account/delete-account.ts); a null here is a broken invariant.
 * @throws Error when `userId` is null.
 */
export function holderOf(row: { id: number; userId: string | null }, what: string): string {
  if (!row.userId) throw new Error(`${what} ${row.id} belongs to a deleted account`);
  return row.userId;
}
