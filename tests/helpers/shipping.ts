import { randomUUID } from "node:crypto";

/** The redemption form's address fields (docs/product/vault.md) of a collector in Maple Falls, OH. */
export const MAPLE_FALLS_SHIPPING = {
  shippingName: "Casey Collector",
  shippingAddress: "1 Main St",
  shippingCity: "Maple Falls",
  shippingState: "OH",
  shippingZip: "44101",
};

/** The redemption form's address fields of `name` at 1 Main St, Springfield, IL 62701. */
export const springfieldShipping = (name = "Ada Collector") => ({
  shippingName: name,
  shippingAddress: "1 Main St",
  shippingCity: "Springfield",
  shippingState: "IL",
  shippingZip: "62701",
});

/**
 * The checkout form's address (docs/product/cart-and-orders.md) of `fullName` at 1 Main St, Springfield,
 * `state` (as typed: the form upper-cases it) 62701.
 */
export const springfieldAddress = (fullName = "Ada Collector", state = "IL") => ({
  fullName,
  street: "1 Main St",
  city: "Springfield",
  state,
  zip: "62701",
});

/** A checkout form as the domain takes it: a fresh idempotency key and {@link springfieldAddress}. */
export const springfieldCheckout = (fullName?: string, state?: string) => ({
  idempotencyKey: randomUUID(),
  ...springfieldAddress(fullName, state),
});
