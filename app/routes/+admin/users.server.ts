import {
  deleteUser,
  deleteUserSchema,
  listUsers,
  updateUser,
  updateUserSchema,
  type AdminUser,
} from "~/.server/admin/users";
import { readPageQuery, type Paged } from "~/.server/policy/paging";
import { playStatusesForStaff, type PlayStatus } from "~/.server/play/status";
import { adminIntent, type AdminTabServer } from "./tab-contract";

/** Users (docs/product/administration.md): a page of users with search; admins edit and delete them. */
export const usersTab: AdminTabServer<
  Paged<AdminUser> & { q: string; play: Record<string, PlayStatus> }
> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    const users = await listUsers(ctx, query);
    const play = await playStatusesForStaff(
      ctx,
      users.rows.map((user) => user.id),
    );
    return { ...users, q: query.q, play };
  },
  intents: {
    "update-user": adminIntent({
      capability: "manageUsers",
      schema: updateUserSchema,
      successTitle: "User updated successfully",
      errorTitle: "Error updating user",
      fieldOf: { email_taken: "email", last_admin: "role" },
      run: (ctx, input) => updateUser(ctx, input),
    }),
    "delete-user": adminIntent({
      capability: "manageUsers",
      schema: deleteUserSchema,
      successTitle: "User deleted successfully",
      errorTitle: "Error deleting user",
      run: (ctx, input) => deleteUser(ctx, input),
    }),
  },
};
