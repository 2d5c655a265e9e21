import type { RequestHandler } from "express";

/** The largest request body any form of the site sends: 1 MB (no page uploads files). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The methods the site answers. Pages and Better Auth's two emailed links (verify email,
 * reset password) are GET; every form is POST. Anything else (PUT, PATCH, DELETE, OPTIONS,
 * TRACE, ...) is a 405.
 */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Express middleware run before anything else (docs/product/accounts-and-security.md, "The
 * HTTP edge"): a method other than GET, HEAD or POST gets 405 'Method not allowed' with an
 * `Allow` header; a body of more than `maxBytes` gets 413 'Request too large' before a byte
 * of it is read (its Content-Length says so); a POST body without a Content-Length (chunked)
 * gets 411 'Length required', so no body reaches the app unmeasured (browsers always send
 * the length of a form). A malformed Content-Length is a 400.
 */
export function requestLimits(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    const refuse = (status: number, message: string) => {
      // The client may still be sending: close the connection instead of draining its body.
      res.set("Connection", "close");
      res.status(status).type("text/plain").send(message);
    };
    if (!ALLOWED_METHODS.has(req.method)) {
      res.set("Allow", "GET, HEAD, POST");
      return refuse(405, "Method not allowed");
    }
    const declared = req.get("content-length");
    const chunked = req.get("transfer-encoding") !== undefined;
    if (declared !== undefined) {
      const length = /^\d{1,16}$/.test(declared) ? Number(declared) : Number.NaN;
      if (Number.isNaN(length)) return refuse(400, "Bad request");
      if (length > maxBytes) return refuse(413, "Request too large");
    } else if (chunked) {
      return refuse(411, "Length required");
    }
    next();
  };
}
