import { LogIn, LogOut, UserRound } from "lucide-react";
import { Form, Link } from "react-router";
import { cn } from "~/lib/cn";

/** The signed-in user as the shell shows it (root loader). */
export type ShellUser = { fullName: string; email: string; role: string } | null;

/**
 * Signs out (POST /logout; the server sends the user to /auth). `compact` hides the label
 * visually on small screens (it stays the button's accessible name).
 */
export function LogoutButton({ className, compact }: { className?: string; compact?: boolean }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        <LogOut className="size-4 shrink-0" aria-hidden="true" />
        <span className={compact ? "max-sm:sr-only" : undefined}>Logout</span>
      </button>
    </Form>
  );
}

const drawerItem =
  "hover:bg-surface-2 flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium";

/** The drawer's account entries: Sign In for a visitor; Account and Logout when signed in. */
export function DrawerAccountLinks({ user }: { user: ShellUser }) {
  if (!user) {
    return (
      <li>
        <Link to="/auth" className={drawerItem}>
          <LogIn className="size-4 shrink-0" aria-hidden="true" />
          Sign In
        </Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link to="/account" className={drawerItem}>
          <UserRound className="size-4 shrink-0" aria-hidden="true" />
          Account
        </Link>
      </li>
      <li>
        <LogoutButton className={cn(drawerItem, "text-left")} />
      </li>
    </>
  );
}
