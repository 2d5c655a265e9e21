import type { RequestHandler } from "express";
import { isMultipart, uploadLimitsFor, type UploadLimits } from "./upload-limits";

/** The largest request body a form without files sends: 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The largest multipart body for `limits`: every file at its limit plus 1 MB of fields. */
export function uploadBodyBytes(limits: UploadLimits): number {
  return limits.maxFiles * limits.maxFileBytes + MAX_BODY_BYTES;
}

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
 * the length of a form). A malformed Content-Length is a 400. A multipart form posted to a path
 * that takes files (upload-limits.ts) may be as large as its declared upload limit instead.
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
      const upload = isMultipart(req.get("content-type")) ? uploadLimitsFor(req.path) : null;
      if (length > (upload ? uploadBodyBytes(upload) : maxBytes)) {
        return refuse(413, "Request too large");
      }
    } else if (chunked) {
      return refuse(411, "Length required");
    }
    next();
  };
}
