import { Icon } from "~/components/ui/icon";
import type { RefObject } from "react";
import { Link, NavLink, useNavigation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { Button } from "~/components/ui/button";
import { formatCents } from "~/lib/money";
import { useInboxLive } from "~/lib/use-live-revalidation";
import { LogoutButton, isStaff, type ShellUser } from "./account-links";
import { Logo } from "./logo";
import { TOP_NAV_ITEMS } from "./nav-items";

/**
 * The header: on small screens the drawer toggle and logo; top navigation; visitor's Log in /
 * Sign up, or the wallet balance, Cart (with its count), Account and Logout when signed in
 * (below 640 px Account and Logout are in the drawer only). The menu button opens and closes the
 * drawer (AppShell, ./drawer.tsx), which gives focus back to it when it closes.
 */
export function Header({
  user,
  menuToggleRef,
  drawerOpen,
  onMenuToggle,
}: {
  user: ShellUser;
  menuToggleRef: RefObject<HTMLButtonElement | null>;
  drawerOpen: boolean;
  onMenuToggle: () => void;
}) {
  return (
    <header className="bg-background/90 sticky top-0 z-30 flex print:hidden h-14 items-center gap-2 border-b px-3 backdrop-blur sm:px-4">
      <Button
        ref={menuToggleRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open navigation"
        type="button"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        onClick={onMenuToggle}
      >
        <Icon name="menu" className="size-5" />
      </Button>
      <Link to="/" className="flex items-center gap-2 md:hidden" aria-label="PackVault home">
        <Logo className="size-6" />
        <span className="font-bold">PackVault</span>
      </Link>
      <nav aria-label="Top navigation" className="hidden md:block">
        <ul className="flex items-center gap-1">
          {TOP_NAV_ITEMS.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} className="top-link">
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ml-auto flex items-center gap-2">
        {user ? (
          <>
            {isStaff(user) ? (
              <Button asChild variant="ghost" size="sm" className="max-md:hidden">
                <Link to="/admin">
                  <Icon name="shield-check" className="size-4" />
                  Admin
                </Link>
              </Button>
            ) : null}
            <WalletLink />
            <NotificationsLink />
            <CartLink />
            {/* Below 640 px Account and Logout live in the drawer, so the balance fits. */}
            <Button asChild variant="ghost" size="sm" className="max-sm:hidden">
              <Link to="/account" title={user.email}>
                <Icon name="user-round" className="size-4" />
                Account
              </Link>
            </Button>
            <div className="max-sm:hidden">
              <LogoutButton className="hover:bg-surface-2 inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium" />
            </div>
          </>
        ) : (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to="/auth">Log in</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/auth?tab=signup">Sign up</Link>
            </Button>
          </>
        )}
      </div>
    </header>
  );
}

/**
 * The bell: a link to /notifications named 'Notifications, N unread', with the unread count
 * (root loader) as a badge, kept live over the inbox stream.
 */
function NotificationsLink() {
  const count = useRouteLoaderData<typeof rootLoader>("root")?.unreadNotifications ?? 0;
  useInboxLive(true);
  return (
    <Button asChild variant="ghost" size="sm" className="relative px-2 sm:px-3">
      <Link to="/notifications" aria-label={`Notifications, ${count} unread`}>
        <Icon name="bell" className="size-4" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="bg-accent text-accent-foreground absolute -top-1 -right-1 min-w-5 rounded-full px-1 text-center text-xs leading-5 font-bold tabular-nums"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}

/**
 * The signed-in user's cart with its unit count (root loader) as a badge, named 'Cart, N items';
 * 'Loading...' while a client navigation to /cart loads (docs/product/accounts-and-security.md).
 */
function CartLink() {
  const count = useRouteLoaderData<typeof rootLoader>("root")?.cartCount ?? 0;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/cart";
  return (
    <Button asChild variant="ghost" size="sm" className="relative">
      <Link to="/cart" aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}>
        <Icon name="shopping-cart" className="size-4" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="bg-accent text-accent-foreground absolute -top-1 -right-1 min-w-5 rounded-full px-1 text-center text-xs leading-5 font-bold tabular-nums"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
        {loading ? (
          <span role="status" className="text-muted-foreground text-xs">
            Loading...
          </span>
        ) : null}
      </Link>
    </Button>
  );
}

/**
 * The signed-in user's wallet balance (root loader), a link to /wallet named 'Wallet balance
 * $500.00' (docs/product/wallet.md "Adding funds"). Whole dollars drop ".00" below 640 px to fit a 360 px header.
 */
function WalletLink() {
  const cents = useRouteLoaderData<typeof rootLoader>("root")?.walletBalanceCents ?? 0;
  const full = formatCents(cents);
  const compact = formatCents(cents, { compact: true });
  return (
    <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
      <Link to="/wallet" aria-label={`Wallet balance ${full}`}>
        <Icon name="wallet" className="size-4" />
        <span className="font-semibold tabular-nums sm:hidden">{compact}</span>
        <span className="font-semibold tabular-nums max-sm:hidden">{full}</span>
      </Link>
    </Button>
  );
}
