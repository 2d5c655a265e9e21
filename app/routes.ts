import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Mirrors the spec's route table (storefront section 2), one line a route.
export default [
  index("routes/home.tsx"),
  // Shop

  // Content and help pages

  // Resource routes: generated art, crawlers

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
