import type { Ctx } from "~/.server/context";
import type { AdminCapability } from "~/.server/admin/permissions";
import type { Upload } from "~/.server/media/photos";
import type { MediaEnv } from "~/.server/media/storage";

/** The tabs of /admin, in order (docs/product/administration.md, plus Audit: docs/product/administration.md). */
export const ADMIN_TABS = [
  "overview",
  "users",
  "fraud",
  "cards",
  "listings",
  "transactions",
  "packs",
  "products",
  "events",
  "redemptions",
  "submissions",
  "orders",
  "payouts",
  "audit",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The uploaded files of an admin form, and the settings that say where media is stored. */
export type AdminMedia = { uploads: Upload[]; env: MediaEnv };

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
  /** The one field whose files the form carries (photos; /admin is an upload path). */
  files?: "photos";
  /**
   * May return a toast description to show with the success title. The page always passes
   * `media`: the files of the `files` field (none without it) and the settings naming the
   * media storage; a
   * caller of an intent without `files` may leave it out.
   */
  run(ctx: Ctx, form: FormData, media?: AdminMedia): Promise<void | { description: string }>;
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
