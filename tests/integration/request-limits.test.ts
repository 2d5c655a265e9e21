import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, requestLimits } from "~/.server/http/request-limits";

let server: Server;
let port: number;
let handled: string[] = [];

beforeAll(async () => {
  const app = express();
  app.use(requestLimits());
  app.all("/{*path}", (req, res) => {
    handled.push(req.method);
    req.resume();
    req.on("end", () => res.type("text/plain").send("ok"));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    }),
);

/** One request; `body` is sent with its length unless `chunked`. */
function send(
  method: string,
  { body, headers = {} }: { body?: Buffer; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; allow?: string; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path: "/vault", headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, allow: res.headers.allow, text }));
    });
    // The server may close the connection before the whole body was sent (that is the point).
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    if (body) req.write(body);
    req.end();
  });
}

describe("the HTTP edge", () => {
  it("answers 405 with Allow for every method but GET, HEAD and POST, TRACE included", async () => {
    handled = [];
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"]) {
      const response = await send(method);
      expect(response.status, method).toBe(405);
      expect(response.allow).toBe("GET, HEAD, POST");
    }
    expect(handled).toEqual([]);
  });

  it("refuses a body over 1 MB with 413 'Request too large' before the app sees it", async () => {
    handled = [];
    const response = await send("POST", {
      headers: { "content-length": String(MAX_BODY_BYTES + 1) },
      body: Buffer.alloc(MAX_BODY_BYTES + 1, 97),
    });
    expect(response).toMatchObject({ status: 413, text: "Request too large" });
    expect((await send("POST", { headers: { "content-length": "999999999999" } })).status).toBe(
      413,
    );
    expect(handled).toEqual([]);
  });

  it("refuses a chunked body without a length with 411", async () => {
    handled = [];
    const chunked = await send("POST", {
      headers: { "transfer-encoding": "chunked" },
      body: Buffer.from("a=1"),
    });
    expect(chunked.status).toBe(411);
    expect(handled).toEqual([]);
  });

  it("lets GET, HEAD and a POST of exactly 1 MB through", async () => {
    handled = [];
    expect((await send("GET")).status).toBe(200);
    expect((await send("HEAD")).status).toBe(200);
    const body = Buffer.alloc(MAX_BODY_BYTES, 97);
    expect(
      (await send("POST", { body, headers: { "content-length": String(body.length) } })).status,
    ).toBe(200);
    expect(handled).toEqual(["GET", "HEAD", "POST"]);
  });

  it("lets a client still writing a 4 MB body read the 413 and finish without a broken pipe", async () => {
    handled = [];
    const body = Buffer.alloc(4 * 1024 * 1024, 97);
    const answer = await new Promise<{ status?: number; text: string; errors: string[] }>(
      (resolve) => {
        const seen = { status: undefined as number | undefined, text: "", errors: [] as string[] };
        const req = httpRequest({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/vault",
          headers: { "content-length": String(body.length) },
          agent: false,
        });
        // Unlike `send`, a broken pipe or a reset counts here: the client was cut off.
        req.on("error", (error: NodeJS.ErrnoException) => seen.errors.push(error.code ?? "error"));
        req.on("response", (res) => {
          seen.status = res.statusCode;
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (seen.text += chunk));
        });
        req.on("close", () => resolve(seen));
        req.end(body);
      },
    );
    expect(answer).toEqual({ status: 413, text: "Request too large", errors: [] });
    expect(handled).toEqual([]);
  });
});
