import type { IconName } from "~/components/ui/icon-names";

export type NavItem = { to: string; label: string; icon: IconName; end?: boolean };

/** The catalogue: reachable from the sidebar and the drawer, not only the footer. */
const SHOP_ITEM: NavItem = { to: "/products", label: "Shop", icon: "layout-grid" };

/**
 * The navigation shell: side navigation (Home active only on exact match), with Shop after
 * Home (the spec's entries plus the shop, which was reachable only from the footer, and the
 * auctions, docs/product/market.md "Auctions").
 */
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: "/", label: "Home", icon: "house", end: true },
  SHOP_ITEM,
  { to: "/packs", label: "Packs", icon: "package" },
  { to: "/marketplace", label: "Marketplace", icon: "store" },
  { to: "/auctions", label: "Auctions", icon: "trending-up" },
  { to: "/leaderboard", label: "Leaderboard", icon: "trophy" },
  { to: "/events", label: "Events", icon: "calendar-days" },
];

/** Top navigation, also listed in the mobile drawer. */
export const TOP_NAV_ITEMS: NavItem[] = [
  { to: "/packs", label: "Packs", icon: "package" },
  { to: "/vault", label: "Vault", icon: "vault" },
  { to: "/marketplace", label: "Marketplace", icon: "store" },
  { to: "/auctions", label: "Auctions", icon: "trending-up" },
  { to: "/leaderboard", label: "Leaderboard", icon: "trophy" },
  { to: "/events", label: "Events", icon: "calendar-days" },
];

/** The mobile drawer: Home and Shop, then the top navigation's items. */
export const DRAWER_ITEMS: NavItem[] = [SIDEBAR_ITEMS[0]!, SHOP_ITEM, ...TOP_NAV_ITEMS];
