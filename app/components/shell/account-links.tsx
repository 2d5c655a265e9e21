import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";
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

/** One entry of the drawer's list: a link with its icon, then `children` (its label). */
function DrawerLink({ to, icon, children }: { to: string; icon: IconName; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={drawerItem}>
        <Icon name={icon} className="size-4 shrink-0" />
        {children}
      </Link>
    </li>
  );
}

/**
 * The drawer's account entries: Sign In for a visitor; Wallet (with the balance), Account and
 * Logout when signed in.
 */
export function DrawerAccountLinks({ user }: { user: ShellUser }) {
  const balanceCents = useRouteLoaderData<typeof rootLoader>("root")?.walletBalanceCents ?? 0;
  if (!user) {
    return (
      <DrawerLink to="/auth" icon="log-in">
        Sign In
      </DrawerLink>
    );
  }
  return (
    <>
      <DrawerLink to="/wallet" icon="wallet">
        Wallet
        <span className="text-muted-foreground ml-auto tabular-nums">
          {formatCents(balanceCents)}
        </span>
      </DrawerLink>
      {isStaff(user) ? (
        <DrawerLink to="/admin" icon="shield-check">
          Admin
        </DrawerLink>
      ) : null}
      <DrawerLink to="/account" icon="user-round">
        Account
      </DrawerLink>
      <li>
        <LogoutButton className={cn(drawerItem, "text-left")} />
      </li>
    </>
  );
}
