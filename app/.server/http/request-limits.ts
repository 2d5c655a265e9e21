import type { Request, RequestHandler, Response } from "express";
import { isMultipart, uploadLimitsFor, type UploadLimits } from "./upload-limits";

/** The largest request body a form without files sends: 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The largest multipart body for `limits`: every file at its limit plus 1 MB of fields. */
export function uploadBodyBytes(limits: UploadLimits): number {
  return limits.maxFiles * limits.maxFileBytes + MAX_BODY_BYTES;
}

/**
 * How much of a refused body is read and thrown away after the answer (so that a client still
 * writing sees the answer instead of a broken pipe): 32 MB, within {@link DRAIN_MS}; past
 * either the connection is closed.
 */
export const DRAIN_BYTES = 32 * 1024 * 1024;
/** How long a refused body may take to arrive after the answer: 10 s. */
export const DRAIN_MS = 10_000;

/**
 * Answers a request the edge refuses once its body is in, read and discarded (up to
 * `declared` bytes, its Content-Length, or unknown when chunked): a connection closed with body
 * bytes unread is reset, so a client that writes its whole body before it reads (as most do)
 * would see a broken pipe instead of the status. The wait is bounded: a body that says it is
 * larger than {@link DRAIN_BYTES} is answered at once and its connection closed; one that
 * sends more than that, or takes longer than {@link DRAIN_MS}, is answered then and closed.
 */
function refuseAndDrain(
  req: Request,
  res: Response,
  status: number,
  message: string,
  declared: number | null,
): void {
  const answer = (close: boolean) => {
    if (res.headersSent) return;
    if (close) res.set("Connection", "close");
    res.status(status).type("text/plain").send(message);
  };
  if (declared !== null && declared > DRAIN_BYTES) return answer(true);
  let received = 0;
  const timer = setTimeout(() => answer(true), DRAIN_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received > DRAIN_BYTES) answer(true);
  });
  req.once("end", () => {
    clearTimeout(timer);
    answer(false);
  });
  req.once("close", () => clearTimeout(timer));
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
 * `Allow` header; a body of more than `maxBytes` gets 413 'Request too large' without reaching
 * the app (its Content-Length says so; the body is drained first, see refuseAndDrain); a POST body without a Content-Length (chunked)
 * gets 411 'Length required', so no body reaches the app unmeasured (browsers always send
 * the length of a form). A malformed Content-Length is a 400. A multipart form posted to a path
 * that takes files (upload-limits.ts) may be as large as its declared upload limit instead.
 */
export function requestLimits(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    const declared = req.get("content-length");
    const length =
      declared === undefined ? null : /^\d{1,16}$/.test(declared) ? Number(declared) : Number.NaN;
    const refuse = (status: number, message: string) =>
      refuseAndDrain(req, res, status, message, Number.isNaN(length) ? DRAIN_BYTES + 1 : length);
    if (!ALLOWED_METHODS.has(req.method)) {
      res.set("Allow", "GET, HEAD, POST");
      return refuse(405, "Method not allowed");
    }
    const chunked = req.get("transfer-encoding") !== undefined;
    if (length !== null) {
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
