import type { Locator, Page } from "@playwright/test";

/** A postal address as a collector types it (the full name is left as prefilled when absent). */
export type Address = {
  fullName?: string;
  street: string;
  city: string;
  state: string;
  zip: string;
};

/** How a form labels its street and ZIP fields: the two address forms spell them differently. */
type AddressLabels = { street: string; zip: string };

/** The 'Redeem Physical Card' dialog's labels (docs/product/vault.md "Redemption"). */
const REDEEM_LABELS: AddressLabels = { street: "Street Address", zip: "ZIP Code" };

/** The cart's Checkout form's labels (docs/product/cart-and-orders.md "Checkout"). */
const CHECKOUT_LABELS: AddressLabels = { street: "Street address", zip: "ZIP code" };

/** Types `address` into the fields of `form`, found by `labels`. */
async function fillAddress(form: Locator, labels: AddressLabels, address: Address): Promise<void> {
  if (address.fullName !== undefined) await form.getByLabel("Full Name").fill(address.fullName);
  await form.getByLabel(labels.street).fill(address.street);
  await form.getByLabel("City").fill(address.city);
  await form.getByLabel("State").fill(address.state);
  await form.getByLabel(labels.zip).fill(address.zip);
}

/**
 * Fills the open 'Redeem Physical Card' dialog with `address` and presses 'Request Shipment';
 * returns the dialog.
 */
export async function requestShipment(page: Page, address: Address): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "Redeem Physical Card" });
  await fillAddress(dialog, REDEEM_LABELS, address);
  await dialog.getByRole("button", { name: "Request Shipment" }).click();
  return dialog;
}

/** Fills the shipping address of /cart's Checkout form (not submitted). */
export async function fillCheckoutAddress(page: Page, address: Address): Promise<void> {
  await fillAddress(page.getByRole("form", { name: "Checkout" }), CHECKOUT_LABELS, address);
}
