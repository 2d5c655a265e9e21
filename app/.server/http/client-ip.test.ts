import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

type Seen = {
  ip: string | null;
  forwardedFor: string | null;
  realIp: string | null;
  forwarded: string | null;
};

/** An app trusting `hops` proxies that answers with the addresses its handlers see. */
async function listen(hops: number): Promise<{ server: Server; origin: string }> {
  const app = express();
  app.set("trust proxy", hops);
  app.use(clientIp());
  app.get("/", (req, res) => {
    const header = (name: string) => (req.headers[name] as string | undefined) ?? null;
    const seen: Seen = {
      ip: req.ip ?? null,
      forwardedFor: header("x-forwarded-for"),
      realIp: header("x-real-ip"),
      forwarded: header("forwarded"),
    };
    res.json(seen);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const FORGED = {
  "X-Forwarded-For": "203.0.113.99",
  "X-Real-IP": "198.51.100.1",
  Forwarded: "for=198.51.100.2",
};
const seenBy = async (origin: string, headers: Record<string, string> = FORGED) =>
  (await (await fetch(origin, { headers })).json()) as Seen;

let untrusted: { server: Server; origin: string };
let trusted: { server: Server; origin: string };
beforeAll(async () => {
  [untrusted, trusted] = await Promise.all([listen(0), listen(1)]);
});
afterAll(() => {
  for (const { server } of [untrusted, trusted]) server.close();
});

describe("the client address", () => {
  it("is the socket's when no proxy is trusted: a forged X-Forwarded-For is replaced", async () => {
    const seen = await seenBy(untrusted.origin);
    expect(seen.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(seen.forwardedFor).toBe(seen.ip);
  });

  it("is the proxy's X-Forwarded-For entry when TRUST_PROXY trusts one hop", async () => {
    const seen = await seenBy(trusted.origin);
    expect(seen).toMatchObject({ ip: "203.0.113.99", forwardedFor: "203.0.113.99" });
  });

  it("takes only the entry the trusted hop added, not what the client put before it", async () => {
    const seen = await seenBy(trusted.origin, { "X-Forwarded-For": "10.6.6.6, 203.0.113.5" });
    expect(seen).toMatchObject({ ip: "203.0.113.5", forwardedFor: "203.0.113.5" });
  });

  it("drops X-Real-IP and Forwarded, whoever is trusted", async () => {
    for (const { origin } of [untrusted, trusted]) {
      expect(await seenBy(origin)).toMatchObject({ realIp: null, forwarded: null });
    }
  });
});
