import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { SISTER_BRANDS, STORE } from "~/lib/store";

const COLUMNS = [
  {
    title: "Quick Links",
    links: [
      { to: "/products", label: "Shop" },
      { to: "/packs", label: "Mystery Packs" },
      { to: "/marketplace", label: "Marketplace" },
      { to: "/events", label: "Events" },
      { to: "/leaderboard", label: "Leaderboard" },
    ],
  },
  {
    title: "Customer Service",
    links: [
      { to: "/contact", label: "Contact Us" },
      { to: "/faq", label: "FAQ" },
      { to: "/shipping", label: "Shipping Information" },
      { to: "/returns", label: "Returns and Refunds" },
      { to: "/track-order", label: "Track Your Order" },
    ],
  },
  {
    title: "Features",
    links: [
      { to: "/vault", label: "Your Vault" },
      { to: "/fairness", label: "Provably Fair" },
      { to: "/reserves", label: "Proof of Reserves" },
      { to: "/value", label: "How We Value Cards" },
      { to: "/sell", label: "Sell Items" },
      { to: "/account", label: "My Account" },
      { to: "/auth", label: "Sign In" },
    ],
  },
] as const;

const SOCIAL = [
  { label: "Community chat", icon: "message-circle" },
  { label: "Social feed", icon: "share-2" },
  { label: "Newsletter feed", icon: "rss" },
  { label: "Mentions", icon: "at-sign" },
] as const;

/** The site footer: link columns, contact, sister brands, social, policies, copyright. */
export function Footer({ year }: { year: number }) {
  return (
    <footer className="quiet-links bg-surface mt-16 border-t print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="mb-3 text-sm font-semibold">{column.title}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="mb-3 text-sm font-semibold">Get In Touch</h2>
          <ul className="text-muted-foreground space-y-2 text-sm">
            <li className="flex gap-2">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
              {STORE.phone}
            </li>
            <li className="flex gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
              <address className="not-italic">
                {STORE.street}
                <br />
                {STORE.city}, {STORE.state} {STORE.zip}
              </address>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="mb-3 text-sm font-semibold">Our Other Brands</h2>
          <ul className="space-y-2 text-sm">
            {SISTER_BRANDS.map((brand) => (
              <li key={brand.href}>
                <a href={brand.href} rel="noopener">
                  {brand.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-col gap-4 border-t px-4 py-6 text-sm sm:flex-row sm:items-center">
        <ul className="text-muted-foreground flex gap-3" aria-label="Social channels (coming soon)">
          {SOCIAL.map(({ label, icon }) => (
            <li key={label} title={`${label} (coming soon)`}>
              <Icon name={icon} className="size-4" />
              <span className="sr-only">{label}</span>
            </li>
          ))}
        </ul>
        <nav aria-label="Policies" className="flex flex-wrap gap-4">
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/terms-of-service">Terms of Service</Link>
          <Link to="/cookie-policy">Cookie Policy</Link>
        </nav>
        <p className="text-muted-foreground sm:ml-auto">© {year} PackVault. All rights reserved.</p>
      </div>
    </footer>
  );
}
