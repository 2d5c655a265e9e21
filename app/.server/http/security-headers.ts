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

/** A fresh 128-bit CSP nonce, base64. */
export const newCspNonce = (): string => randomBytes(16).toString("base64");

/**
 * The security headers of every response (docs/product/accounts-and-security.md) as
 * `[name, value]` pairs for a response whose CSP allows `nonce`: Content-Security-Policy,
 * Referrer-Policy, X-Content-Type-Options, X-Frame-Options, Permissions-Policy, and
 * Strict-Transport-Security in production when PUBLIC_URL is https. Everything but the nonce is
 * computed once, here.
 */
export function securityHeaderPairs(
  env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">,
): (nonce: string) => [string, string][] {
  const development = env.NODE_ENV === "development";
  const fixed: [string, string][] = [
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
  ];
  if (env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https://")) {
    fixed.push(["Strict-Transport-Security", HSTS]);
  }
  // The policy around its nonce, built once: `before + nonce + after`.
  const marker = "\u0000nonce\u0000";
  const [before, after = ""] = contentSecurityPolicy({ nonce: marker, development }).split(marker);
  return (nonce) => [["Content-Security-Policy", `${before}${nonce}${after}`], ...fixed];
}

/**
 * Express middleware for the security headers of every response ({@link securityHeaderPairs}),
 * with a fresh 128-bit nonce per request in production (kept in `res.locals.cspNonce` for the
 * server renderer). Mount it first, so refusals (403, 404, 500) carry the headers too.
 */
export function securityHeaders(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">): RequestHandler {
  const development = env.NODE_ENV === "development";
  const headersFor = securityHeaderPairs(env);
  return (_req, res, next) => {
    // Development renders without a nonce: a nonce the CSP does not list would only make
    // React report the attribute as a hydration mismatch.
    const nonce = development ? "" : newCspNonce();
    res.locals.cspNonce = nonce;
    for (const [name, value] of headersFor(nonce)) res.setHeader(name, value);
    next();
  };
}
