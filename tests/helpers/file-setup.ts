import { afterAll, beforeAll } from "vitest";
import type { Auth } from "~/.server/policy/auth";
import type { UserRole } from "~/.server/db/schema";
import { createTestAuth } from "./auth";
import { makeStaff, type Collector } from "./commerce";
import { createTestDatabase, type TestDatabase } from "./db";

/**
 * An object a test file declares at its top and uses in its tests: empty until this file's
 * beforeAll hooks run, then filled with the own properties of what `make` gives (hooks run in
 * the order they were registered, so a fixture made from another one sees it filled). For plain
 * objects only (a database handle, an auth instance, a collector), not class instances.
 */
export function filledBeforeAll<T extends object>(make: () => T | Promise<T>): T {
  const value = {} as T;
  beforeAll(async () => {
    Object.assign(value, await make());
  });
  return value;
}

/**
 * This test file's own database (tests/helpers/db.ts: a copy of the run's migrated template),
 * opened before its tests and destroyed after them.
 */
export function databaseForFile(): TestDatabase {
  const db = filledBeforeAll(createTestDatabase);
  afterAll(() => db.destroy());
  return db;
}

/** Better Auth on this file's database (see {@link createTestAuth}), made before its tests. */
export function authForFile(db: TestDatabase): Auth {
  return filledBeforeAll(() => createTestAuth(db));
}

/** A collector with staff role `role` on this file's database, made before its tests. */
export function staffForFile(db: TestDatabase, role: UserRole): Collector {
  return filledBeforeAll(() => makeStaff(db, role));
}
