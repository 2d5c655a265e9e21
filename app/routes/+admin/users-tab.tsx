import { Pencil } from "lucide-react";
import type { AdminUser } from "~/.server/admin/users";
import type { Paged } from "~/.server/policy/paging";
import type { PlayStatus } from "~/.server/play/status";
import { Badge } from "~/components/ui/badge";
import { Select } from "~/components/ui/form-controls";
import { Input } from "~/components/ui/input";
import { AdminDialogButton, AdminFormDialog } from "./admin-dialog";
import { AdminField } from "./admin-form";
import { actionsColumn, timeColumn } from "./admin-columns";
import { AdminPagedSection } from "./admin-paged-section";
import { ConfirmDelete } from "./confirm-delete";
import { PlaySummary } from "./play-summary";
import type { AdminTabProps } from "./tab-contract";

type UsersData = Paged<AdminUser> & { q: string; play: Record<string, PlayStatus> };

const ROLE_LABELS: Record<AdminUser["role"], string> = {
  user: "User",
  moderator: "Moderator",
  admin: "Admin",
};

/** 'Edit' on a user's row: email, full name and role (docs/product/administration.md), admins only. */
function EditUser({ user }: { user: AdminUser }) {
  return (
    <AdminFormDialog
      title="Edit user"
      description={`Change ${user.email}'s email, full name or role.`}
      trigger={
        <AdminDialogButton icon={Pencil} label="Edit" aria-label={`Edit user ${user.email}`} />
      }
      intent="update-user"
      fields={{ userId: user.id }}
      formLabel={`Edit ${user.email}`}
    >
      <AdminField name="email" label="Email">
        <Input type="email" required maxLength={254} defaultValue={user.email} autoComplete="off" />
      </AdminField>
      <AdminField name="fullName" label="Full Name">
        <Input required maxLength={100} defaultValue={user.fullName} autoComplete="off" />
      </AdminField>
      <AdminField name="role" label="Role">
        <Select defaultValue={user.role}>
          <option value="user">User</option>
          <option value="moderator">Moderator</option>
          <option value="admin">Admin</option>
        </Select>
      </AdminField>
    </AdminFormDialog>
  );
}

/**
 * Users (docs/product/administration.md): every account with search, a titled total and 50 a page; admins edit
 * email, full name and role, and delete a profile after confirming; moderators only read.
 */
export function UsersTab({ data, role }: AdminTabProps<UsersData>) {
  const admin = role === "admin";
  return (
    <AdminPagedSection
      title="Users"
      description={admin ? undefined : "Read-only: only admins edit or delete users."}
      search="Email or name"
      data={data}
      columns={[
        { header: "Name", cell: (user) => user.fullName },
        { header: "Email", cell: (user) => user.email },
        {
          header: "Role",
          cell: (user) =>
            user.role === "user" ? (
              ROLE_LABELS.user
            ) : (
              <Badge className="border-accent/40 bg-accent/10 text-foreground">
                {ROLE_LABELS[user.role]}
              </Badge>
            ),
        },
        timeColumn<AdminUser>("Joined", (user) => user.createdAt, true),
        {
          header: "Responsible play",
          cell: (user) => <PlaySummary status={data.play[user.id]} />,
        },
        ...(admin
          ? [
              actionsColumn<AdminUser>((user) => (
                <div className="flex gap-2">
                  <EditUser user={user} />
                  <ConfirmDelete
                    intent="delete-user"
                    fields={{ userId: user.id }}
                    title="Delete user?"
                    description={`${user.fullName} (${user.email}) and their profile, sessions and settings will be deleted. Users who still own cards, have a redemption on its way or a wallet balance cannot be deleted.`}
                    triggerAriaLabel={`Delete user ${user.email}`}
                  />
                </div>
              )),
            ]
          : []),
      ]}
    />
  );
}
