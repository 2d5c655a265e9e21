import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { countJobsByStatus, enqueueJob } from "~/.server/queue/queue";
import { metricsRegistry, ownMetrics, reportJobQueue, serveMetrics } from "~/.server/metrics";
import { openPack } from "~/.server/packs/opening";
import { PageStore } from "~/.server/page-cache/store";
import { acceptBuyback } from "~/.server/vault/buyback";
import { staticPageHandle } from "~/lib/page-cache";
import { as } from "../helpers/commerce";
import { databaseForFile } from "../helpers/file-setup";
import { fundedCollector, makePack } from "../helpers/packs";
import { servePages, testBuild } from "../helpers/page-app";

const db = databaseForFile();

/** The value of one sample of the registry (0 when absent), e.g. `packvault_sales_total{kind="buyback"}`. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((m) => m.name === name);
  // A histogram's samples are its buckets, sum and count: read the count.
  const values = (metric?.values ?? []) as { value: number; labels: object; metricName?: string }[];
  const found = values.find(
    (v) =>
      (v.metricName === undefined || v.metricName === `${name}_count`) &&
      Object.entries(labels).every(
        ([k, value]) => String((v.labels as Record<string, unknown>)[k]) === value,
      ),
  );
  return found?.value ?? 0;
}

describe("metrics (docs/decisions/027-metrics-and-topology.md)", () => {
  it("counts a committed opening once (not its idempotent replay) and a buyback as a sale", async () => {
    const user = await fundedCollector(db, 10_000);
    const packId = await makePack(db, { priceCents: 2_500 });
    const openings = await sample("packvault_pack_openings_total");
    const buybacks = await sample("packvault_sales_total", { kind: "buyback" });

    const key = randomUUID();
    const pull = await openPack(as(db, user), { packId, idempotencyKey: key });
    await openPack(as(db, user), { packId, idempotencyKey: key });
    expect(await sample("packvault_pack_openings_total")).toBe(openings + 1);

    await acceptBuyback(as(db, user), { offerId: pull.buyback.offerId });
    expect(await sample("packvault_sales_total", { kind: "buyback" })).toBe(buybacks + 1);
  });

  it("does not count an opening that rolled back", async () => {
    const user = await fundedCollector(db, 100);
    const packId = await makePack(db, { priceCents: 2_500 });
    const openings = await sample("packvault_pack_openings_total");
    await expect(
      openPack(as(db, user), { packId, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: "insufficient_balance" });
    expect(await sample("packvault_pack_openings_total")).toBe(openings);
  });

  it("reports the job queue's depth from the database at scrape time", async () => {
    reportJobQueue(() => countJobsByStatus(db.db));
    const before = await sample("packvault_jobs", { status: "queued" });
    await enqueueJob(db.db, { kind: "metrics-test", runAt: new Date(Date.now() + 3_600_000) });
    expect(await sample("packvault_jobs", { status: "queued" })).toBe(before + 1);
  });

  it("times requests by route id and status, and counts page-cache misses and hits", async () => {
    const server = await servePages(
      testBuild([
        {
          id: "routes/products.$id",
          path: "products/:id",
          module: { default: () => createElement("p", null, "card"), handle: staticPageHandle },
        },
      ]),
      new PageStore({ maxBytes: 1024 * 1024 }),
    );
    try {
      const route = { route: "routes/products.$id", status: "200", method: "GET" };
      const timed = await sample("packvault_http_request_duration_seconds", route);
      const misses = await sample("packvault_page_cache_requests_total", { result: "miss" });
      const hits = await sample("packvault_page_cache_requests_total", { result: "hit" });
      for (const id of ["1", "2", "1"]) {
        expect((await fetch(`${server.url}/products/${id}`)).status).toBe(200);
      }
      // Two paths, one route id: the label is the route, never the path.
      await expect
        .poll(() => sample("packvault_http_request_duration_seconds", route))
        .toBe(timed + 3);
      expect(await sample("packvault_page_cache_requests_total", { result: "miss" })).toBe(
        misses + 2,
      );
      expect(await sample("packvault_page_cache_requests_total", { result: "hit" })).toBe(hits + 1);
      const text = (await ownMetrics()).text;
      expect(text).not.toContain("/products/1");
      expect(text).toContain("packvault_process_cpu_seconds_total");
      expect(text).toContain("packvault_db_pool_connections");
      expect(text).toContain("packvault_live_stream_clients");
    } finally {
      await server.close();
    }
  });

  it("serves /metrics on loopback only, and nothing else there", async () => {
    const server = await serveMetrics(0, ownMetrics);
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe("127.0.0.1");
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scrape.status).toBe(200);
      expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await scrape.text()).toMatch(/^# HELP packvault_/m);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
