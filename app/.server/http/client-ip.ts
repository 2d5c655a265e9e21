import type { RequestHandler } from "express";

/**
 * Express middleware that makes the client address one fact (docs/product/accounts-and-security.md,
 * "The HTTP edge"): downstream code (Better Auth's session rows, the rate
 * limits, the login log) reads the client IP from X-Forwarded-For, so that header is replaced by
 * the address Express trusts, `req.ip`: the socket's address, or the X-Forwarded-For entry
 * within the app's `trust proxy` hops (the TRUST_PROXY setting; 0: never believed). X-Real-IP
 * and Forwarded are dropped, so a forged header never reaches anything. Mount it after
 * `app.set("trust proxy", hops)`.
 */
export function clientIp(): RequestHandler {
  return (req, _res, next) => {
    const ip = req.ip;
    delete req.headers["x-real-ip"];
    delete req.headers.forwarded;
    if (ip) req.headers["x-forwarded-for"] = ip;
    else delete req.headers["x-forwarded-for"];
    next();
  };
}
