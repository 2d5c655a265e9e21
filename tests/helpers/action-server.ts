import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import type { AppLoadContext } from "react-router";
import { originCheck } from "~/.server/http/origin-check";
import { requestLimits } from "~/.server/http/request-limits";
import { TEST_ORIGIN } from "./auth";

/** A route action as the tests call it. */
type Action = (args: {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
}) => unknown;

/** One route with an action: its path pattern (`:id` segments) and module. */
export type ActionRoute = { path: string; action: Action };

/**
 * An HTTP server with the production edge (server/app.ts: requestLimits, then originCheck) in
 * front of the route actions, dispatched by path, each given `context()` (the acting user is
 * whatever it says at the time). Answers what the action returns: a Response, or React
 * Router's `data()` / a plain object as JSON. What escapes an action is a 500, as React
 * Router's error boundary would answer it.
 */
export async function startActionServer(
  routes: ActionRoute[],
  context: () => AppLoadContext,
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use(requestLimits());
  app.use(originCheck({ PUBLIC_URL: TEST_ORIGIN }));
  app.use(async (req, res) => {
    const match = matchRoute(routes, req.path);
    if (!match) return void res.status(404).end();
    const request = new Request(`${TEST_ORIGIN}${req.originalUrl}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "POST" ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: "half",
    } as RequestInit);
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
