import { and, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { assertAccountDeletable, eraseAccount, isLastAdmin } from "../account/delete-account";
import { inTransaction, type Ctx, type TxCtx } from "../context";
import { profiles, USER_ROLES, userRoles, type UserRole } from "../db/schema";
import { DomainError } from "../errors";
import { recordAudit } from "../policy/audit";
import { readPage, searchAny, type PageQuery, type Paged } from "../policy/paging";
import { requireStaff } from "../policy/permissions";

/** One row of the Users tab (docs/product/administration.md: profile and user_role). */
export type AdminUser = {
  id: string;
  email: string;
  fullName: string;
  role: UserRole;
  createdAt: Date;
};

/** A user's role: their `user_roles` row, or 'user' when they have none. */
const roleOf = sql<UserRole>`coalesce(${userRoles.role}, 'user')`;

/**
 * One page of users, newest first, matching `q` in the email or the full name
 * (case-insensitive), with the total of matches (docs/product/administration.md, Users).
 * @throws DomainError `forbidden` (403) for anyone but staff.
 */
export async function listUsers(ctx: Ctx, { page, q }: PageQuery): Promise<Paged<AdminUser>> {
  requireStaff(ctx, "view");
  const where = searchAny(q, [profiles.email, profiles.fullName]);
  const matches = ctx.db
    .select({
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      role: roleOf,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(where)
    .$dynamic();
  return readPage(ctx.db, page, matches, desc(profiles.createdAt), profiles.id);
}

/** The Users tab's edit form (docs/product/administration.md: email, full name and role). */
export const updateUserSchema = z.object({
  userId: z.string({ error: "User is not valid" }).trim().min(1, "User is not valid").max(100),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address"))
    .transform((email) => email.toLowerCase()),
  fullName: z
    .string({ error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(100, "Full name must be at most 100 characters"),
  role: z.enum(USER_ROLES, { error: "Role must be user, moderator or admin" }),
});

/** The Users tab's delete form. */
export const deleteUserSchema = z.object({
  userId: z.string({ error: "User is not valid" }).trim().min(1, "User is not valid").max(100),
});

/** What an audit row records of a user. */
type UserSnapshot = { email: string; fullName: string; role: UserRole };

/** The profile `userId` with its role, locked until the transaction ends; 404 when gone. */
async function lockUser(tx: Pick<TxCtx, "db">, userId: string): Promise<UserSnapshot> {
  const [row] = await tx.db
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  if (!row) throw new DomainError("user_not_found", "User not found", 404);
  const [role] = await tx.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return { ...row, role: role?.role ?? "user" };
}

/** Whether `error` is PostgreSQL's unique_violation (23505), as thrown or wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  while (typeof e === "object" && e !== null) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const EMAIL_TAKEN = "Another account already uses that email address.";

/**
 * Edits a user's email, full name and role in one transaction (docs/product/administration.md: profiles update
 * {full_name, email}; user_roles upsert {user_id, role} on conflict user_id; one role per user),
 * with an audit row holding the fields before and after. Nothing is written when nothing
 * changed. The email is stored lowercased and stays unique; the last admin keeps the role.
 * Takes `updateUserSchema`'s output.
 * @throws DomainError `user_not_found` (404),
 * `email_taken` (409), `last_admin` (409), `forbidden` (403) for anyone but an admin.
 */
export async function updateUser(
  ctx: Ctx,
  { userId, email, fullName, role }: z.output<typeof updateUserSchema>,
): Promise<void> {
  requireStaff(ctx, "manageUsers");
  try {
    await inTransaction(ctx, async (tx) => {
      const before = await lockUser(tx, userId);
      const after: UserSnapshot = { email, fullName, role };
      if (before.role === "admin" && role !== "admin" && (await isLastAdmin(tx, userId))) {
        throw new DomainError(
          "last_admin",
          "This is the only admin. Make another user an admin before changing this role.",
          409,
        );
      }
      if (email !== before.email) {
        const [clash] = await tx.db
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(eq(sql`lower(${profiles.email})`, email), ne(profiles.id, userId)));
        if (clash) throw new DomainError("email_taken", EMAIL_TAKEN, 409);
      }
      if (email === before.email && fullName === before.fullName && role === before.role) return;
      if (email !== before.email || fullName !== before.fullName) {
        await tx.db
          .update(profiles)
          .set({ email, fullName, updatedAt: tx.now() })
          .where(eq(profiles.id, userId));
      }
      if (role !== before.role) {
        await tx.db
          .insert(userRoles)
          .values({ userId, role, updatedAt: tx.now() })
          .onConflictDoUpdate({
            target: userRoles.userId,
            set: { role, updatedAt: tx.now() },
          });
      }
      await recordAudit(tx, {
        action: "user.update",
        targetType: "user",
        targetId: userId,
        before,
        after,
      });
    });
  } catch (error) {
    // Two edits racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw new DomainError("email_taken", EMAIL_TAKEN, 409);
    throw error;
  }
  ctx.log.info({ userId, by: ctx.actor?.userId }, "user updated by staff");
}

/** An admin's wording of each Delete Account rule (the rules' own messages speak to the owner). */
const ADMIN_REFUSALS: Partial<Record<string, string>> = {
  last_admin: "This is the only admin. Make another user an admin before deleting this account.",
  owns_cards:
    "This user still owns cards (vaulted or listed). They must sell, redeem or trade them first.",
  redemption_in_progress:
    "This user has a redemption on its way. Delete the account once every redemption is delivered or cancelled.",
  active_listings:
    "This user has active listings. Remove them (Listings tab) before deleting this account.",
  sale_in_escrow:
    "A marketplace sale of this user is in escrow. Delete the account once it is released.",
  wallet_balance: "This user's wallet still has a balance. It must be spent first.",
  money_in_progress:
    "This user has money on hold for pending offers or withdrawals. They must end first.",
};

/**
 * Deletes a user's profile for good (docs/product/administration.md: profiles delete by id) under the same rules
 * as Delete Account (DELETE_ACCOUNT_PRECONDITIONS: the last admin, cards still held, a
 * redemption in progress, an active listing, a sale in escrow, a wallet balance, money on hold),
 * with the same clean-up, and an audit row holding
 * the user as they were; all in one transaction.
 * @throws DomainError `user_not_found` (404), a precondition's code (409:
 * `last_admin`, `owns_cards`, `redemption_in_progress`, `active_listings`, `sale_in_escrow`,
 * `wallet_balance`, `money_in_progress`), `forbidden` (403) for anyone but an admin.
 */
export async function deleteUser(
  ctx: Ctx,
  { userId }: z.output<typeof deleteUserSchema>,
): Promise<void> {
  requireStaff(ctx, "manageUsers");
  await inTransaction(ctx, async (tx) => {
    const before = await lockUser(tx, userId);
    await assertAccountDeletable(tx, userId, (rule) => ADMIN_REFUSALS[rule.code] ?? rule.message);
    // Written first: the actor may be deleting their own account.
    await recordAudit(tx, {
      action: "user.delete",
      targetType: "user",
      targetId: userId,
      before,
      after: null,
    });
    await eraseAccount(tx, { userId, email: before.email });
  });
  ctx.log.info({ userId, by: ctx.actor?.userId }, "user deleted by staff");
}
