import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every page of the product, one line a route.
export default [
  index("routes/home.tsx"),
  // Shop
  route("products", "routes/products.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("category/:category", "routes/category.tsx"),
  route("new-arrivals", "routes/new-arrivals.tsx"),
  route("sale", "routes/sale.tsx"),
  route("cart", "routes/cart.tsx"),

  // Content and help pages
  route("collections", "routes/collections.tsx"),
  route("community", "routes/community.tsx"),
  route("contact", "routes/contact.tsx"),
  route("events", "routes/events.tsx"),
  route("faq", "routes/faq.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("returns", "routes/returns.tsx"),
  route("track-order", "routes/track-order.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),

  // Packs, vault and wallet (packs-marketplace document)
  route("packs", "routes/packs.tsx"),
  route("pack/:id", "routes/pack.tsx"),
  route("pack/:id/open", "routes/pack.open.ts"),
  route("pack/:id/odds", "routes/pack.odds.tsx"),
  route("pack/:id/draws.json", "routes/pack.draws.ts", { id: "pack-draws-json" }),
  route("pack/:id/draws.csv", "routes/pack.draws.ts", { id: "pack-draws-csv" }),
  route("vault", "routes/vault.tsx"),
  route("vault/cards/:cardId/reserve-proof.json", "routes/vault.reserve-proof.ts"),
  route("reserves", "routes/reserves.tsx"),
  route("reserves/:snapshot.json", "routes/reserves.snapshot.ts"),
  route("wallet", "routes/wallet.tsx"),
  route("fairness", "routes/fairness.tsx"),
  route("fairness/odds/:commitment", "routes/fairness.odds.ts"),

  // Marketplace
  route("marketplace", "routes/marketplace.tsx"),
  route("marketplace/offers", "routes/marketplace.offers.tsx"),
  route("marketplace/:id", "routes/marketplace.$id.tsx"),
  route("auctions", "routes/auctions.tsx"),
  route("auctions/new", "routes/auctions.new.tsx"),
  route("auctions/bids", "routes/auctions.bids.tsx"),
  route("auctions/cards/:cardId", "routes/auctions.cards.$cardId.tsx"),
  route("auctions/:id", "routes/auctions.$id.tsx"),
  route("sell", "routes/sell.tsx"),
  route("cards/:id", "routes/cards.$id.tsx"),
  route("value", "routes/value.tsx"),
  route("sell/submissions/:id/label.pdf", "routes/sell.label.ts"),
  route("leaderboard", "routes/leaderboard.tsx"),
  route("rewards", "routes/rewards.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/reserves", "routes/admin.reserves.tsx"),
  route("admin/inventory/import", "routes/admin.inventory.import.tsx"),
  route("admin/redemptions/:id/packing-slip", "routes/admin.redemptions.$id.packing-slip.tsx"),

  // Accounts
  route("auth", "routes/auth.tsx"),
  route("account", "routes/account.tsx"),
  route("logout", "routes/logout.ts"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("auth/verified", "routes/auth.verified.tsx"),
  route("auth/verify-email/resend", "routes/auth.verify-email.resend.ts"),
  route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  route("dev/outbox/:id.html", "routes/dev.outbox.mail.ts"),
  route("notifications", "routes/notifications.tsx"),
  route("notifications/live", "routes/notifications.live.ts"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("unsubscribe/one-click", "routes/unsubscribe.one-click.ts"),

  // Resource routes: generated art, uploaded photos, crawlers
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("art/product/:id.svg", "routes/art.product.ts"),
  route("art/slab.svg", "routes/art.slab.ts"),
  route("art/pack.svg", "routes/art.pack.ts"),
  route("media/:file", "routes/media.ts"),
  route("live/sales", "routes/live.sales.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
