import { deleteUser, listUsers, updateUser, type AdminUser } from "~/.server/admin/users";
import { readPageQuery, type Paged } from "~/.server/admin/paging";
import { playStatusesForStaff, type PlayStatus } from "~/.server/play/status";
import type { AdminTabServer } from "./tab-contract";

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
    "update-user": {
      capability: "manageUsers",
      successTitle: "User updated successfully",
      errorTitle: "Error updating user",
      run: (ctx, form) =>
        updateUser(ctx, {
          userId: form.get("userId"),
          email: form.get("email"),
          fullName: form.get("fullName"),
          role: form.get("role"),
        }),
    },
    "delete-user": {
      capability: "manageUsers",
      successTitle: "User deleted successfully",
      errorTitle: "Error deleting user",
      run: (ctx, form) => deleteUser(ctx, { userId: form.get("userId") }),
    },
  },
};
