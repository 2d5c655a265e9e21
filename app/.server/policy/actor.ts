import type { Ctx } from "../context";
import { DomainError } from "../errors";

/**
 * The signed-in user's id for a marketplace action, or the sign-in message for it
 * (docs/product/market.md: 'Please sign in to create a listing', 'Please sign in to make an offer',
 * 'Please sign in to create trades', 'You must be signed in').
 * @throws DomainError `not_signed_in` (401) with `message`.
 */
export function marketActor(ctx: Ctx, message = "You must be signed in"): string {
  if (!ctx.actor) throw new DomainError("not_signed_in", message, 401);
  return ctx.actor.userId;
}

export const listingUnavailable = () =>
  new DomainError("listing_unavailable", "This listing is no longer available", 409);

export const notYourListing = () =>
  new DomainError("not_your_listing", "Only the seller can do that", 403);
