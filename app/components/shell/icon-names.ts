/**
 * The icons of the shell (header, sidebar, drawer, footer), by Lucide name. They are drawn from
 * one SVG sprite (./icons.svg, made from lucide-react by `npm run icons`) instead of inline SVG,
 * so every page's HTML carries a short `<use>` per icon (docs/decisions/023-page-weight.md).
 */
export const SHELL_ICONS = [
  "at-sign",
  "bell",
  "calendar-days",
  "house",
  "log-in",
  "log-out",
  "map-pin",
  "menu",
  "message-circle",
  "moon",
  "package",
  "panel-left",
  "phone",
  "rss",
  "share-2",
  "shield-check",
  "shopping-cart",
  "store",
  "sun",
  "trophy",
  "upload",
  "user-round",
  "vault",
  "wallet",
] as const;
export type ShellIconName = (typeof SHELL_ICONS)[number];
