// `npm run db:migrate` and `npm run db:seed` against the configured database
// (DATABASE_URL, or the embedded one under DATA_DIR).
import path from "node:path";
import { openDatabase } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/setup/migrate";
import { seedIfEmpty } from "~/.server/setup/seed";
import { parseEnv } from "~/.server/env";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("usage: tsx scripts/db.ts migrate|seed");
  process.exit(2);
}
const env = parseEnv();
const database = await openDatabase(
  env.DATABASE_URL
    ? { driver: "postgres", url: env.DATABASE_URL }
    : { driver: "pglite", dataDir: env.DATA_DIR },
);
await migrateDatabase(database, migrationsDir(path.resolve(import.meta.dirname, "..")));
if (command === "seed") {
  console.log(
    (await seedIfEmpty(database.db, new Date()))
      ? "Seeded."
      : "The database has data; not reseeded.",
  );
} else {
  console.log("Migrated.");
}
await database.close();
