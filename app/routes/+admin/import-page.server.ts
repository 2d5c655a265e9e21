import type { AppLoadContext } from "react-router";
import { requireRole } from "~/.server/auth/guards";

/**
 * The loader of an /admin import page (/admin/inventory/import, /admin/inventory/comps): admins
 * only, anyone else sent away as from /admin (requireRole); the page has no data of its own.
 */
export function adminImportLoader({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}): null {
  requireRole(request, context, "admin");
  return null;
}
