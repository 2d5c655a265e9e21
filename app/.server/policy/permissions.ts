import type { Ctx } from "../context";
import { DomainError } from "../errors";

/**
 * What staff may do in /admin (docs/product/administration.md "Roles and capabilities"): moderators see every tab read-only and may
 * delete listings and update submissions; everything else is the admin's.
 */
export const ADMIN_CAPABILITIES = {
  view: ["admin", "moderator"],
  deleteListing: ["admin", "moderator"],
  updateSubmission: ["admin", "moderator"],
  deleteSubmission: ["admin"],
  manageUsers: ["admin"],
  managePacks: ["admin"],
  manageRedemptions: ["admin"],
  manageFraud: ["admin"],
  managePayouts: ["admin"],
  manageOrders: ["admin"],
  /** Products' and packs' photos (docs/product/catalogue.md "Photos"). */
  manageCatalogPhotos: ["admin"],
  /** The store's events (docs/product/administration.md "Events"). */
  manageEvents: ["admin"],
  /** Comps (import, exclusion) and pinned slab FMVs (docs/product/value.md). */
  manageValues: ["admin"],
  /** The vault's slabs: intake, receiving, write-offs (docs/design.md "Inventory (real slabs)"). */
  manageInventory: ["admin"],
} as const satisfies Record<string, readonly ("admin" | "moderator")[]>;
export type AdminCapability = keyof typeof ADMIN_CAPABILITIES;

/** Whether `role` may do `capability` (for showing or hiding controls). */
export function can(role: string | undefined, capability: AdminCapability): boolean {
  return (ADMIN_CAPABILITIES[capability] as readonly string[]).includes(role ?? "");
}

/**
 * The acting staff member, checked on the server by every admin domain function (a route's
 * guard is not enough: actions can be posted directly).
 * @throws DomainError `forbidden` (403, 'You do not have permission to do that.') for anyone
 * whose role lacks `capability`, visitors included.
 */
export function requireStaff(
  ctx: Ctx,
  capability: AdminCapability,
): { userId: string; role: "admin" | "moderator" } {
  const actor = ctx.actor;
  if (!actor || !can(actor.role, capability)) {
    throw new DomainError("forbidden", "You do not have permission to do that.", 403);
  }
  return { userId: actor.userId, role: actor.role as "admin" | "moderator" };
}
