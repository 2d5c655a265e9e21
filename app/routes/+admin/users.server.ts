import { deleteUser, listUsers, updateUser, type AdminUser } from "~/.server/admin/users";
import { readPageQuery, type Paged } from "~/.server/admin/paging";
import type { AdminTabServer } from "./tab-contract";

/** Users (spec section 2): a page of users with search; admins edit and delete them. */
export const usersTab: AdminTabServer<Paged<AdminUser> & { q: string }> = {
  async load(ctx, search) {
    const query = readPageQuery(search);
    return { ...(await listUsers(ctx, query)), q: query.q };
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
