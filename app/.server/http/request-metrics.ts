import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { httpRequestDuration } from "../metrics";
import { leafRoute } from "./page-cache";

/** Paths served before React Router, each its own label. */
const OWN_ROUTES: [RegExp, string][] = [
  [/^\/assets\//, "assets"],
  [/^\/healthz$/, "healthz"],
  [/^\/readyz$/, "readyz"],
];

/**
 * Express middleware timing every response into `packvault_http_request_duration_seconds`,
 * labelled by method, status and route: the React Router route id (`routes/packs.$id`), or
 * `assets`, `healthz`, `readyz`, or `unmatched`, never the raw path, so the label set stays
 * bounded (docs/decisions/027-metrics-and-topology.md). A response the client abandoned
 * before it finished is not counted.
 */
export function requestMetrics(getBuild: () => Promise<ServerBuild>): RequestHandler {
  return (req, res, next) => {
    const stop = httpRequestDuration.startTimer();
    const path = req.path;
    const method = req.method;
    res.on("finish", () => {
      const own = OWN_ROUTES.find(([pattern]) => pattern.test(path))?.[1];
      const labels = (route: string) => ({ method, route, status: String(res.statusCode) });
      if (own) {
        stop(labels(own));
        return;
      }
      getBuild().then(
        (build) => stop(labels(leafRoute(build, path)?.id ?? "unmatched")),
        () => stop(labels("unmatched")),
      );
    });
    next();
  };
}
