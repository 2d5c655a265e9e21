import { CalendarDays, House, Package, Store, Trophy, Vault, type LucideIcon } from "lucide-react";

export type NavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The navigation shell: side navigation (Home active only on exact match). */
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: "/", label: "Home", icon: House, end: true },
  { to: "/packs", label: "Packs", icon: Package },
  { to: "/marketplace", label: "Marketplace", icon: Store },
  { to: "/leaderboard", label: "Leaderboard", icon: Trophy },
  { to: "/events", label: "Events", icon: CalendarDays },
];

/** Top navigation, also listed in the mobile drawer. */
export const TOP_NAV_ITEMS: NavItem[] = [
  { to: "/packs", label: "Packs", icon: Package },
  { to: "/vault", label: "Vault", icon: Vault },
  { to: "/marketplace", label: "Marketplace", icon: Store },
  { to: "/leaderboard", label: "Leaderboard", icon: Trophy },
  { to: "/events", label: "Events", icon: CalendarDays },
];

/** The mobile drawer: Home plus the top navigation's items. */
export const DRAWER_ITEMS: NavItem[] = [SIDEBAR_ITEMS[0]!, ...TOP_NAV_ITEMS];
