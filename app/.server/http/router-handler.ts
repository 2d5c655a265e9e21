import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from "express";
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";

/** The Cache-Control of every response that says nothing itself: it may be personal. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The web Request for an Express request, as @react-router/express builds it (host and port
 * from X-Forwarded-Host only when Express trusts proxies). `signal` aborts it; a body is
 * streamed for methods other than GET and HEAD.
 */
export function toWebRequest(
  req: ExpressRequest,
  init: { signal?: AbortSignal; headers?: Headers; method?: string } = {},
): globalThis.Request {
  const method = init.method ?? req.method;
  const headers = init.headers ?? toWebHeaders(req.headers);
  const body =
    method !== "GET" && method !== "HEAD"
      ? { body: createReadableStreamFromReadable(req), duplex: "half" }
      : {};
  return new Request(requestUrl(req).href, { method, headers, signal: init.signal, ...body });
}

/** The full URL of an Express request, as {@link toWebRequest} gives it to React Router. */
export function requestUrl(req: ExpressRequest): URL {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

function toWebHeaders(given: ExpressRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(given)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }
  return headers;
}

/** Runs a request through React Router with its load context (see {@link buildRequestHandler}). */
export type RenderRequest = (
  request: globalThis.Request,
  context: AppLoadContext,
) => Promise<globalThis.Response>;

/**
 * React Router's request handler for a build that `getBuild` loads. In production the build
 * never changes, so the handler is made once from the loaded build: given the loader function
 * itself, React Router would rebuild its route tables (every path compiled and ranked) on each
 * request, which it does only so that development picks up edited modules.
 */
export function buildRequestHandler(
  getBuild: () => Promise<ServerBuild>,
  mode: string,
): RenderRequest {
  if (mode !== "production") return createRequestHandler(getBuild, mode);
  let handler: ReturnType<typeof createRequestHandler> | null = null;
  return async (request, context) => {
    handler ??= createRequestHandler(await getBuild(), mode);
    return handler(request, context);
  };
}

/**
 * React Router behind Express, as @react-router/express serves it, except that a response
 * without its own Cache-Control gets {@link PRIVATE_CACHE_CONTROL}: a page that did not opt in
 * to the page cache may be personal, so no shared cache may keep it; and a header the response
 * sets replaces the one the security headers put there (a generated SVG's or a mail preview's
 * own Content-Security-Policy), where @react-router/express would send both.
 */
export function routerHandler({
  getBuild,
  mode,
  getLoadContext,
}: {
  getBuild: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handle = buildRequestHandler(getBuild, mode);
  return async (req, res, next) => {
    try {
      await serveRequest(req, res, handle, getLoadContext(req, res));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Renders `req` with `handle` and `context` (aborted when the client goes away before the answer
 * is sent) and sends the answer as {@link routerHandler} does. `tap`, when given, sees the web
 * response first and returns the one to send (the signed-in page cache keeps a copy of its body,
 * app/.server/http/session-page-cache.ts).
 */
export async function serveRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  handle: RenderRequest,
  context: AppLoadContext,
  tap: (response: globalThis.Response) => globalThis.Response = (response) => response,
): Promise<void> {
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const response = await handle(toWebRequest(req, { signal: controller.signal }), context);
  await sendWebResponse(res, tap(response));
}

async function sendWebResponse(res: ExpressResponse, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A header the response sets replaces the edge's default (a document with its own CSP or
  // framing rule, app/.server/http/security-headers.ts); cookies add up.
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!response.headers.has("Cache-Control")) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
