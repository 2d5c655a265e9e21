import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/.server/http/csp";
import { originCheck } from "~/.server/http/origin-check";
import { securityHeaders } from "~/.server/http/security-headers";

const PUBLIC_URL = "https://shop.example";
let server: Server;
let port: number;
let handled: string[] = [];

beforeAll(async () => {
  const app = express();
  const env = { NODE_ENV: "production" as const, PUBLIC_URL };
  app.use(securityHeaders(env));
  app.use(originCheck(env));
  app.all("/{*path}", (req, res) => {
    handled.push(`${req.method} ${req.path}`);
    res.type("text/plain").send(`nonce ${res.locals.cspNonce}`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** One request with exactly these headers (fetch would add or refuse some). */
function send(method: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path: "/cart", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const here = () => `http://127.0.0.1:${port}`;

describe("origin check on state-changing requests", () => {
  it("refuses a cross-site POST with 403 before any route runs", async () => {
    handled = [];
    const response = await send("POST", { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.body).toBe("Cross-site request refused");
    expect(handled).toEqual([]);
  });

  it("refuses PUT, PATCH and DELETE from another site, and a POST with neither Origin nor Referer", async () => {
    handled = [];
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect((await send(method, { origin: "http://127.0.0.1:1" })).status).toBe(403);
    }
    expect((await send("POST")).status).toBe(403);
    expect((await send("POST", { origin: "null" })).status).toBe(403);
    expect((await send("POST", { referer: "https://evil.example/cart" })).status).toBe(403);
    // A look-alike host: only an exact host (and port) match counts.
    expect((await send("POST", { origin: `http://127.0.0.1:${port}.evil.example` })).status).toBe(
      403,
    );
    expect(handled).toEqual([]);
  });

  it("allows a same-origin POST: the request's own host, or PUBLIC_URL behind a proxy", async () => {
    handled = [];
    expect((await send("POST", { origin: here() })).status).toBe(200);
    expect((await send("POST", { origin: PUBLIC_URL, host: "app.internal:3000" })).status).toBe(
      200,
    );
    expect(handled).toEqual(["POST /cart", "POST /cart"]);
  });

  it("allows a POST without Origin when its Referer is on this site", async () => {
    handled = [];
    expect((await send("POST", { referer: `${here()}/product/3?x=1` })).status).toBe(200);
    expect(handled).toEqual(["POST /cart"]);
  });

  it("lets reads through whatever their origin", async () => {
    expect((await send("GET", { origin: "https://evil.example" })).status).toBe(200);
  });
});

describe("security headers", () => {
  it("sends a CSP with a fresh nonce per request, and the nonce reaches the renderer", async () => {
    const first = await send("GET");
    const second = await send("GET");
    const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    const nonce = nonceOf(first.headers["content-security-policy"]);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.headers["content-security-policy"])).not.toBe(nonce);
    expect(first.body).toBe(`nonce ${nonce}`);
    const csp = String(first.headers["content-security-policy"]);
    for (const directive of [
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("unsafe-eval");
  });

  it("sends the other headers on every response, refusals included, and HSTS for an https site", async () => {
    const refused = await send("POST", { origin: "https://evil.example" });
    expect(refused.headers).toMatchObject({
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
    expect(refused.headers["permissions-policy"]).toContain("camera=()");
    expect(refused.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("sends no HSTS over plain http, and relaxes only scripts and connections for Vite in development", () => {
    const headers: Record<string, string> = {};
    const res = { locals: {}, setHeader: (name: string, value: string) => (headers[name] = value) };
    securityHeaders({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" })(
      {} as never,
      res as never,
      () => {},
    );
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(res.locals).toMatchObject({ cspNonce: expect.stringMatching(/^.{24}$/) });

    const devRes = { locals: {}, setHeader: () => {} };
    securityHeaders({ NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" })(
      {} as never,
      devRes as never,
      () => {},
    );
    expect(devRes.locals).toEqual({ cspNonce: "" });

    const dev = contentSecurityPolicy({ nonce: "abc", development: true });
    expect(dev).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(dev).not.toContain("nonce-");
    expect(dev).toContain("connect-src 'self' ws: wss:");
    expect(dev).toContain("frame-ancestors 'none'");
  });
});
