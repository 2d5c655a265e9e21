/** The physical store's static details (spec: footer and Contact page). Fictional. */
export const STORE = {
  name: "PackVault",
  tagline: "Graded, vaulted and insured collectibles",
  street: "1428 Elm Street",
  city: "Maple Falls",
  state: "OH",
  zip: "43950",
  phone: "(740) 555-0142",
  phoneHref: "tel:+17405550142",
  supportEmail: "support@packvault.example",
  hours: "Tue-Sat 10:00 AM-7:00 PM, Sun 12:00 PM-5:00 PM",
  timeZone: "America/New_York",
} as const;

export const STORE_ADDRESS = `${STORE.street}, ${STORE.city}, ${STORE.state} ${STORE.zip}`;
export const STORE_LOCATION = `${STORE.name} Store, ${STORE_ADDRESS}`;

/** Sister brands on reserved example domains (RFC 2606), linked from the footer. */
export const SISTER_BRANDS = [
  { name: "CardCrate", href: "https://cardcrate.example" },
  { name: "ComicKeep", href: "https://comickeep.example" },
  { name: "FigureFoundry", href: "https://figurefoundry.example" },
  { name: "RetroToybox", href: "https://retrotoybox.example" },
] as const;
