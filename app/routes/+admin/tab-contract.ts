import type { Ctx } from "~/.server/context";
import type { AdminCapability } from "~/.server/policy/permissions";
import type { Upload } from "~/.server/media/photos";
import type { MediaEnv } from "~/.server/storage/storage";
import type { z } from "zod";

/** The tabs of /admin, in order (docs/product/administration.md, plus Audit: docs/product/administration.md). */
export const ADMIN_TABS = [
  "overview",
  "users",
  "fraud",
  "cards",
  "listings",
  "transactions",
  "packs",
  "inventory",
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
 * One form the admin page handles, by its `intent` (docs/decisions/024-admin-forms-on-conform.md):
 * what it needs, its own shared schema (the seam parses the form with it once: a broken rule is
 * a 400 with the message beside its field), the spec's success title ('Pack updated
 * successfully') and the error title shown with a refusal ('Error saving pack'). `run` calls one
 * admin domain function with the parsed values (`z.output` of `schema`); that function still
 * checks the actor's role itself.
 */
export type AdminIntent<S extends z.ZodType = z.ZodType> = {
  capability: AdminCapability;
  schema: S;
  successTitle: string;
  errorTitle: string;
  /** The one field whose files the form carries (photos; /admin is an upload path). */
  files?: "photos";
  /**
   * The field a domain refusal belongs beside (by its code: `email_taken` is the email's), so
   * it shows there instead of as the form's error.
   */
  fieldOf?: Partial<Record<string, string>>;
  /**
   * May return a toast description to show with the success title. The page always passes
   * `media`: the files of the `files` field (none without it) and the settings naming the
   * media storage; a caller of an intent without `files` may leave it out.
   */
  run(ctx: Ctx, input: z.output<S>, media?: AdminMedia): Promise<void | { description: string }>;
};

/** Types one admin intent: `input` in `run` is its schema's output. */
export function adminIntent<S extends z.ZodType>(spec: AdminIntent<S>): AdminIntent<S> {
  return spec;
}

/**
 * What each tab module under app/routes/+admin/ provides: a loader part (`load`, given the
 * page's search params: `page`, `q`, ...) and the intents its forms post. The route
 * (app/routes/admin.tsx) loads only the tab in view and dispatches a POST by its `intent`.
 */
export type AdminTabServer<Data> = {
  load(ctx: Ctx, search: URLSearchParams): Promise<Data>;
  // Each entry is typed where it is written (adminIntent), so the table is loose.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  intents: Record<string, AdminIntent<any>>;
};

/**
 * The props of a tab's component: the data its `load` answered and the viewer's staff role
 * (the controls a role may not use are left out; the server checks again).
 */
export type AdminTabProps<Data> = { data: Data; role: "admin" | "moderator" };
