import { Pencil } from "lucide-react";
import { useId, useState, type ComponentProps } from "react";
import type { AdminUser } from "~/.server/admin/users";
import type { Paged } from "~/.server/admin/paging";
import type { PlayStatus } from "~/.server/play/status";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { AdminDialog, AdminDialogCancel } from "./admin-dialog";
import { AdminForm, AdminSubmit } from "./admin-form";
import { AdminSearch } from "./admin-search";
import { AdminSection, AdminTable, AdminTime } from "./admin-table";
import { ConfirmDelete } from "./confirm-delete";
import { AdminPagination } from "./pagination";
import { PlaySummary } from "./play-summary";

type UsersData = Paged<AdminUser> & { q: string; play: Record<string, PlayStatus> };
type Role = "admin" | "moderator";

const ROLE_LABELS: Record<AdminUser["role"], string> = {
  user: "User",
  moderator: "Moderator",
  admin: "Admin",
};

/** A labelled control of the edit form. */
function LabelledInput({ label, ...props }: { label: string } & ComponentProps<typeof Input>) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <Input id={id} {...props} />
    </div>
  );
}

/** 'Edit' on a user's row: email, full name and role (docs/product/administration.md), admins only. */
function EditUser({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const roleId = useId();
  const errorId = useId();
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      title="Edit user"
      description={`Change ${user.email}'s email, full name or role.`}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Edit user ${user.email}`}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
      }
    >
      <AdminForm
        intent="update-user"
        fields={{ userId: user.id }}
        onSuccess={() => setOpen(false)}
        onError={setError}
        className="space-y-4"
        aria-label={`Edit ${user.email}`}
      >
        <LabelledInput
          label="Email"
          name="email"
          type="email"
          required
          maxLength={254}
          defaultValue={user.email}
          autoComplete="off"
        />
        <LabelledInput
          label="Full Name"
          name="fullName"
          required
          maxLength={100}
          defaultValue={user.fullName}
          autoComplete="off"
        />
        <div className="space-y-1.5">
          <label htmlFor={roleId} className="block text-sm font-medium">
            Role
          </label>
          <select
            id={roleId}
            name="role"
            defaultValue={user.role}
            className="bg-background h-10 w-full rounded-md border px-3 text-sm"
          >
            <option value="user">User</option>
            <option value="moderator">Moderator</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-danger text-sm">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AdminDialogCancel />
          <AdminSubmit pendingLabel="Saving...">Save changes</AdminSubmit>
        </div>
      </AdminForm>
    </AdminDialog>
  );
}

/**
 * Users (docs/product/administration.md): every account with search, a titled total and 50 a page; admins edit
 * email, full name and role, and delete a profile after confirming; moderators only read.
 */
export function UsersTab({ data, role }: { data: UsersData; role: Role }) {
  const admin = role === "admin";
  return (
    <AdminSection
      title="Users"
      total={data.total}
      description={admin ? undefined : "Read-only: only admins edit or delete users."}
      actions={<AdminSearch label="Search users" placeholder="Email or name" />}
    >
      <AdminTable
        caption="Users"
        rows={data.rows}
        rowKey={(user) => user.id}
        empty={data.q ? `No users match "${data.q}".` : "No users yet."}
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
          { header: "Joined", cell: (user) => <AdminTime value={user.createdAt} dateOnly /> },
          {
            header: "Responsible play",
            cell: (user) => <PlaySummary status={data.play[user.id]} />,
          },
          ...(admin
            ? [
                {
                  header: "Actions",
                  pinned: true,
                  cell: (user: AdminUser) => (
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
                  ),
                },
              ]
            : []),
        ]}
      />
      <AdminPagination page={data.page} pageCount={data.pageCount} label="Users pages" />
    </AdminSection>
  );
}
