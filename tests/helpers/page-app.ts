import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import pino from "pino";
import { afterEach, expect } from "vitest";
import { createElement, type ComponentType } from "react";
import {
  Outlet,
  UNSAFE_withComponentProps as withComponentProps,
  type AppLoadContext,
  type ServerBuild,
} from "react-router";
import * as entry from "~/entry.server";
import { NONCE_PLACEHOLDER, pageCache } from "~/.server/http/page-cache";
import { pageCacheEdge } from "~/.server/http/page-cache-edge";
import { requestMetrics } from "~/.server/http/request-metrics";
import { routerHandler } from "~/.server/http/router-handler";
import { sessionPageCache } from "~/.server/http/session-page-cache";
import type { SessionUser } from "~/.server/auth/session-user";
import { securityHeaders } from "~/.server/http/security-headers";
import type { PageStore } from "~/.server/page-cache/store";
import { useNonce } from "~/lib/nonce";

/** A route of a test build: its path under the root and its module's exports. */
export type TestRoute = {
  id: string;
  path: string;
  module: {
    default: ComponentType;
    loader?: (args: {
      params: Record<string, string | undefined>;
      context: AppLoadContext;
    }) => unknown;
    handle?: unknown;
  };
};

/** A document with the two places a nonce goes: an inline script and React's own scripts. */
function Root() {
  const nonce = useNonce();
  return createElement(
    "html",
    { lang: "en" },
    createElement(
      "head",
      null,
      createElement("script", { nonce, dangerouslySetInnerHTML: { __html: "window.boot=1" } }),
    ),
    createElement("body", null, createElement(Outlet)),
  );
}

/** What a thrown response (a 404) renders, as app/root.tsx's boundary does. */
function ErrorBoundary() {
  return createElement("p", null, "Not found");
}

/**
 * A React Router server build made of `routes` under a minimal root, rendered by the app's own
 * entry.server (the nonce provider and the complete render for the cache).
 */
export function testBuild(routes: TestRoute[]): ServerBuild {
  const manifestRoute = (id: string, parentId: string | undefined, path: string | undefined) => ({
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    hasAction: false,
    hasLoader: id !== "root",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: id === "root",
    module: `/assets/${id}.js`,
    imports: [],
  });
  return {
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: { default: Root, ErrorBoundary } },
      ...Object.fromEntries(
        routes.map((route) => [
          route.id,
          {
            id: route.id,
            parentId: "root",
            path: route.path,
            // as the React Router Vite plugin compiles a route module: props from the hooks
            module: {
              ...route.module,
              default: withComponentProps(
                route.module.default as Parameters<typeof withComponentProps>[0],
              ),
            },
          },
        ]),
      ),
    },
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: {
        root: manifestRoute("root", undefined, ""),
        ...Object.fromEntries(
          routes.map((route) => [route.id, manifestRoute(route.id, "root", route.path)]),
        ),
      },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** A running test server: its base URL, how many requests reached it, and how to stop it. */
export type TestServer = { url: string; requests(): number; close(): Promise<void> };

/**
 * How a test server stands in for the session lookup: a request whose cookie
 * `packvault.session_token` holds a user id is that user's (the id is also the session's), and
 * the lookup read `dataVersion()` (app/.server/db/data-version.ts) with it.
 */
export type TestSessions = { dataVersion: () => string; now?: () => number };

/**
 * Serves `build` as server/app.ts does around React Router: request metrics, compression,
 * production security headers (a nonce per response), the page cache on `store`, then React
 * Router for everything else; with `edge`, the page cache's fresh hits are answered ahead of
 * Express (app/.server/http/page-cache-edge.ts); with `sessions`, a stand-in session lookup and
 * the signed-in page cache (app/.server/http/session-page-cache.ts) before React Router, whose
 * load context then has that user. `requests()` counts what reached Express. `context` is the
 * load context of every request (a visitor's, unless the test says otherwise).
 */
export async function servePages(
  build: ServerBuild,
  store: PageStore,
  context: Partial<AppLoadContext> = {},
  { edge = false, sessions }: { edge?: boolean; sessions?: TestSessions } = {},
): Promise<TestServer> {
  const log = pino({ level: "silent" });
  const env = { NODE_ENV: "production", PUBLIC_URL: "http://localhost", TRUST_PROXY: 0 } as const;
  const app = express();
  app.disable("x-powered-by");
  let requests = 0;
  app.use((_req, _res, next) => {
    requests += 1;
    next();
  });
  const getBuild = async () => build;
  app.use(requestMetrics(getBuild));
  app.use(compression());
  app.use(securityHeaders(env));
  const base = { log, user: null, clientIp: null, ...context } as AppLoadContext;
  app.use(
    pageCache({
      store,
      getBuild,
      mode: "production",
      log,
      getLoadContext: () => ({ ...base, cspNonce: NONCE_PLACEHOLDER, completeRender: true }),
    }),
  );
  const userOf = (req: express.Request): Partial<AppLoadContext> =>
    req.sessionUser ? { user: req.sessionUser } : {};
  if (sessions) {
    app.use((req, _res, next) => {
      const id = /(?:^|;\s*)packvault\.session_token=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
      req.sessionUser = id ? ({ id, sessionId: id } as SessionUser) : null;
      req.dataVersion = sessions.dataVersion();
      next();
    });
    app.use(
      sessionPageCache({
        getBuild,
        mode: "production",
        getLoadContext: (req, res) => ({ ...base, ...userOf(req), cspNonce: res.locals.cspNonce }),
        readDataVersion: async () => sessions.dataVersion(),
        now: sessions.now,
      }),
    );
  }
  app.all(
    "/{*path}",
    routerHandler({
      getBuild,
      mode: "production",
      getLoadContext: (req, res) => ({ ...base, ...userOf(req), cspNonce: res.locals.cspNonce }),
    }),
  );
  const answer = edge ? pageCacheEdge({ store, build, env, log }) : () => false;
  const server: Server = await new Promise((resolve) => {
    const listening = createServer((req, res) => {
      if (!answer(req, res)) void app(req, res);
    }).listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A list for the test file's servers: each one pushed on it is closed after every test (register
 * this before any other afterEach whose work must run after the servers are closed: vitest runs
 * after-hooks in reverse order).
 */
export function serversClosedAfterEach(): TestServer[] {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return servers;
}

/** The nonce a response's Content-Security-Policy allows. */
export const cspNonce = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

/**
 * Expects two answers of one page (docs/decisions/014-page-cache-and-nonces.md: a cached page is
 * served with a fresh nonce) to carry each its own nonce, the one its CSP allows, in every script tag, and no
 * placeholder left.
 */
export async function expectOwnNonces(answers: readonly [Response, Response]): Promise<void> {
  const nonces = answers.map(cspNonce);
  expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(nonces[1]).not.toBe(nonces[0]);
  for (const [index, answer] of answers.entries()) {
    const html = await answer.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonces[index]}"`);
    expect(html).not.toContain("pvnonce");
  }
}
