import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { createStaticHandler, type AppLoadContext, type RouteObject } from "react-router";
import { originCheck } from "~/.server/http/origin-check";
import { requestLimits } from "~/.server/http/request-limits";
import { TEST_ORIGIN } from "./auth";

/** A route action as the tests call it. */
type Action = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;

/**
 * One route with an action: its path pattern (`:id` segments) and module; `loader` is the
 * page's loader, run after the action like React Router does for a page's form (pages mode).
 */
export type ActionRoute = { path: string; action: Action; loader?: Action };

/**
 * An HTTP server with the production edge (server/app.ts: requestLimits, then originCheck) in
 * front of the route actions, dispatched by path, each given `context()` (the acting user is
 * whatever it says at the time). With `pages`, a route with a `loader` is served as React
 * Router serves a page's form posted without JavaScript (the action, then the loaders). Answers what the action returns: a Response, or React
 * Router's `data()` / a plain object as JSON. What escapes an action is a 500, as React
 * Router's error boundary would answer it.
 */
export async function startActionServer(
  routes: ActionRoute[],
  context: () => AppLoadContext,
  options: { pages?: boolean } = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use(requestLimits());
  app.use(originCheck({ PUBLIC_URL: TEST_ORIGIN }));
  const pages = options.pages ? pageHandler(routes) : null;
  app.use(async (req, res) => {
    const match = matchRoute(routes, req.path);
    if (!match) return void res.status(404).end();
    const request = new Request(`${TEST_ORIGIN}${req.originalUrl}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "POST" ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: "half",
    } as RequestInit);
    if (pages && match.route.loader) {
      return void (await sendPage(res, await pages(request, context())));
    }
    let answer: unknown;
    try {
      answer = await match.route.action({ request, context: context(), params: match.params });
    } catch (thrown) {
      answer = thrown;
    }
    await send(res, answer);
  });
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A page's form posted without JavaScript, as React Router serves it (its static handler): the
 * action, then, unless the action threw or redirected, the page's loaders, whose redirect (a
 * visitor sent to sign-in) replaces the action's answer.
 */
function pageHandler(routes: ActionRoute[]) {
  const { query } = createStaticHandler([
    {
      id: "root",
      path: "/",
      hasErrorBoundary: true,
      children: routes.map((route, i): RouteObject => ({
        id: `route-${i}`,
        path: route.path.slice(1),
        // A route module's functions, typed by its own generated types.
        action: route.action as RouteObject["action"],
        loader: route.loader as RouteObject["loader"],
      })),
    },
  ]);
  return (request: Request, context: AppLoadContext) => query(request, { requestContext: context });
}

/** The page's answer: a redirect as it is; else its status, with the action's data and errors. */
async function sendPage(
  res: express.Response,
  answer: Awaited<ReturnType<ReturnType<typeof pageHandler>>>,
) {
  if (answer instanceof Response) return send(res, answer);
  const errors = Object.values(answer.errors ?? {}).map((error: unknown) =>
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
  res.status(answer.statusCode).json({ actionData: answer.actionData, errors });
}

function matchRoute(routes: ActionRoute[], path: string) {
  for (const route of routes) {
    const names: string[] = [];
    const pattern = route.path.replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    const found = new RegExp(`^${pattern}$`).exec(path);
    if (found) {
      return { route, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) };
    }
  }
  return null;
}

async function send(res: express.Response, answer: unknown) {
  if (answer instanceof Response) {
    res.status(answer.status);
    answer.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(Buffer.from(await answer.arrayBuffer()));
    return;
  }
  // React Router's data(): { type: "DataWithResponseInit", data, init }.
  if (answer && typeof answer === "object" && "type" in answer && "init" in answer) {
    const { data, init } = answer as unknown as { data: unknown; init: ResponseInit | null };
    res.status(init?.status ?? 200).json(data);
    return;
  }
  if (answer instanceof Error) {
    res
      .status(500)
      .type("text/plain")
      .send(answer.stack ?? answer.message);
    return;
  }
  res.status(200).json(answer ?? null);
}
