import type { IconName } from "~/components/ui/icon-names";

export type NavItem = { to: string; label: string; icon: IconName; end?: boolean };

/** The navigation shell: side navigation (Home active only on exact match). */
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: "/", label: "Home", icon: "house", end: true },
  { to: "/packs", label: "Packs", icon: "package" },
  { to: "/marketplace", label: "Marketplace", icon: "store" },
  { to: "/leaderboard", label: "Leaderboard", icon: "trophy" },
  { to: "/events", label: "Events", icon: "calendar-days" },
];

/** Top navigation, also listed in the mobile drawer. */
export const TOP_NAV_ITEMS: NavItem[] = [
  { to: "/packs", label: "Packs", icon: "package" },
  { to: "/vault", label: "Vault", icon: "vault" },
  { to: "/marketplace", label: "Marketplace", icon: "store" },
  { to: "/leaderboard", label: "Leaderboard", icon: "trophy" },
  { to: "/events", label: "Events", icon: "calendar-days" },
];

/** The mobile drawer: Home plus the top navigation's items. */
export const DRAWER_ITEMS: NavItem[] = [SIDEBAR_ITEMS[0]!, ...TOP_NAV_ITEMS];
