import type { Ctx } from "~/.server/context";
import type { AdminCapability } from "~/.server/admin/permissions";

/** The tabs of /admin, in order (docs/product/administration.md, plus Audit: docs/product/administration.md). */
export const ADMIN_TABS = [
  "overview",
  "users",
  "fraud",
  "cards",
  "listings",
  "transactions",
  "packs",
  "redemptions",
  "submissions",
  "orders",
  "payouts",
  "audit",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * One form the admin page handles, by its `intent`: what it needs, the spec's success title
 * ('Pack updated successfully'), and the error title shown with the server's message
 * ('Error saving pack'). `run` parses the form with a shared schema (a bad field throws a
 * DomainError 400 naming it) and calls one admin domain function.
 */
export type AdminIntent = {
  capability: AdminCapability;
  successTitle: string;
  errorTitle: string;
  /** May return a toast description to show with the success title. */
  run(ctx: Ctx, form: FormData): Promise<void | { description: string }>;
};

/**
 * What each tab module under app/routes/+admin/ provides: a loader part (`load`, given the
 * page's search params: `page`, `q`, ...) and the intents its forms post. The route
 * (app/routes/admin.tsx) loads only the tab in view and dispatches a POST by its `intent`.
 */
export type AdminTabServer<Data> = {
  load(ctx: Ctx, search: URLSearchParams): Promise<Data>;
  intents: Record<string, AdminIntent>;
};
