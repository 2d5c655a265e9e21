import { Icon } from "~/components/ui/icon";
import { Form, Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { cn } from "~/lib/cn";
import { formatCents } from "~/lib/money";

/** The signed-in user as the shell shows it (root loader). */
export type ShellUser = {
  fullName: string;
  email: string;
  role: string;
  /** Until it is, every page says so, with a resend button (VerifyEmailNotice). */
  emailVerified?: boolean;
} | null;

/** Whether the user may open /admin (admins and moderators: docs/product/administration.md). */
export const isStaff = (user: ShellUser): boolean =>
  user?.role === "admin" || user?.role === "moderator";

/** Signs out (POST /logout; the server sends the user to /auth). */
export function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        <Icon name="log-out" className="size-4 shrink-0" />
        Logout
      </button>
    </Form>
  );
}

const drawerItem =
  "hover:bg-surface-2 flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium";

/**
 * The drawer's account entries: Sign In for a visitor; Wallet (with the balance), Account and
 * Logout when signed in.
 */
export function DrawerAccountLinks({ user }: { user: ShellUser }) {
  const balanceCents = useRouteLoaderData<typeof rootLoader>("root")?.walletBalanceCents ?? 0;
  if (!user) {
    return (
      <li>
        <Link to="/auth" className={drawerItem}>
          <Icon name="log-in" className="size-4 shrink-0" />
          Sign In
        </Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link to="/wallet" className={drawerItem}>
          <Icon name="wallet" className="size-4 shrink-0" />
          Wallet
          <span className="text-muted-foreground ml-auto tabular-nums">
            {formatCents(balanceCents)}
          </span>
        </Link>
      </li>
      {isStaff(user) ? (
        <li>
          <Link to="/admin" className={drawerItem}>
            <Icon name="shield-check" className="size-4 shrink-0" />
            Admin
          </Link>
        </li>
      ) : null}
      <li>
        <Link to="/account" className={drawerItem}>
          <Icon name="user-round" className="size-4 shrink-0" />
          Account
        </Link>
      </li>
      <li>
        <LogoutButton className={cn(drawerItem, "text-left")} />
      </li>
    </>
  );
}
