// Vitest globalSetup (vitest.config.ts, both database projects): migrates one database per run,
// which every test file then copies (tests/helpers/db.ts), instead of each file migrating its own.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/setup/migrate";
import { waitForNoConnections } from "../../bench/lib/scratch-postgres.js";
import { runSqlOnce } from "./pg-sql-once";

declare module "vitest" {
  export interface ProvidedContext {
    /** The pglite project: a tarball of a migrated PGlite data directory (`dumpDataDir`). */
    pgliteTemplate: string;
    /** The postgres project: the migrated database each file's database is created from. */
    postgresTemplate: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * Migrates one database for the run (the migrations and the odds commitments, as
 * `migrateDatabase` leaves a fresh database: nothing else is seeded) and provides it to the
 * project's test files: on the postgres project a template database on TEST_DATABASE_URL's
 * server (dropped at teardown), otherwise a dumped PGlite data directory in a temp folder.
 * Returns the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.name === "postgres"
    ? await postgresTemplate(project)
    : await pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const handle = await openDatabase({ driver: "pglite" });
  await migrateDatabase(handle, migrationsDir(ROOT));
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await handle.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "packvault-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the postgres project");
  const name = `pv_template_${randomBytes(6).toString("hex")}`;
  const admin = (sql: string) => runSqlOnce(adminUrl, sql);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ driver: "postgres", url: url.toString(), poolSize: 1 });
  await migrateDatabase(handle, migrationsDir(ROOT));
  await handle.close();
  // A template must have no connections while it is copied.
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await waitForNoConnections(client, name);
  await client.end();
  project.provide("postgresTemplate", name);
  return async () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
