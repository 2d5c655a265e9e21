import type { Request, RequestHandler } from "express";
import type { Env } from "../env";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "../mail/unsubscribe";

/** Methods that only read; every other method may change state and is checked. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Paths whose POST is authorised by a signed link, not by a session, and comes from a mail
 * client with no Origin (docs/decisions/022-one-click-unsubscribe.md).
 */
const SIGNED_LINK_PATHS = new Set([ONE_CLICK_UNSUBSCRIBE_PATH]);

/** The origin a browser says the request comes from: Origin, else Referer's origin. */
function requestSource(req: Request): URL | null {
  const origin = req.get("origin");
  // "null" is an opaque origin (sandboxed frame, cross-site redirect, file:): never ours.
  const claimed = origin ?? req.get("referer");
  if (!claimed || claimed === "null") return null;
  try {
    return new URL(claimed);
  } catch {
    return null;
  }
}

/**
 * Express middleware refusing cross-site state changes (docs/product/accounts-and-security.md): a request whose
 * method is not GET, HEAD or OPTIONS must carry an Origin header (or, when a browser left it
 * out, a Referer) naming this site, otherwise it gets 403 'Cross-site request refused' and no
 * route handler runs.
 *
 * This site is PUBLIC_URL's origin, or any origin whose host (name and port) equals the
 * request's Host header. The second rule lets the same server answer on every name it is
 * reached by (127.0.0.1:PORT in the browser tests while PUBLIC_URL defaults to
 * http://localhost:PORT); it is sound because a browser always sets Host to the server it
 * connects to and never lets a page choose Origin, so a page on another site cannot match.
 * DNS rebinding can make both names the attacker's, but then the browser sends none of our
 * cookies. One path is exempt: the one-click unsubscribe, which a mail client posts without
 * Origin and which acts only on the account its signed link names, session or not. Better
 * Auth's handler takes only GET links, and every other form posts from our own pages.
 */
export function originCheck(env: Pick<Env, "PUBLIC_URL">): RequestHandler {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || SIGNED_LINK_PATHS.has(req.path)) return next();
    const source = requestSource(req);
    const host = req.get("host")?.toLowerCase();
    if (source && (source.origin === publicOrigin || (host && source.host === host))) {
      return next();
    }
    req.log?.warn(
      { origin: req.get("origin") ?? null, referer: req.get("referer") ?? null, host },
      "cross-site request refused",
    );
    res.status(403).type("text/plain").send("Cross-site request refused");
  };
}
