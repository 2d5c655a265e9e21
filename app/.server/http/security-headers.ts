import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import type { Env } from "../env";
import { contentSecurityPolicy } from "./csp";

declare module "express-serve-static-core" {
  interface Locals {
    /** This response's CSP nonce ("" in development, whose CSP has none); see getLoadContext. */
    cspNonce: string;
  }
}

/** HSTS for a year, subdomains included, sent only when the site is served over https. */
const HSTS = "max-age=31536000; includeSubDomains";
/** Features no PackVault page uses; the browser refuses them to every frame. */
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * Express middleware for the security headers of every response (docs/product/accounts-and-security.md): a
 * Content-Security-Policy with a fresh 128-bit nonce per request in production (kept in
 * `res.locals.cspNonce` for the server renderer), Referrer-Policy, X-Content-Type-Options, X-Frame-Options,
 * Permissions-Policy, and Strict-Transport-Security in production when PUBLIC_URL is https.
 * Mount it first, so refusals (403, 404, 500) carry the headers too.
 */
export function securityHeaders(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">): RequestHandler {
  const development = env.NODE_ENV === "development";
  const hsts = env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https://");
  return (_req, res, next) => {
    // Development renders without a nonce: a nonce the CSP does not list would only make
    // React report the attribute as a hydration mismatch.
    const nonce = development ? "" : randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, development }));
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (hsts) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
