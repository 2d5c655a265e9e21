import { PGlite } from "@electric-sql/pglite";
import { readFileSync } from "node:fs";
let t = performance.now();
const c = await PGlite.create({ loadDataDir: new Blob([readFileSync("/tmp/t26/tpl.tar")]) });
console.log("first load", performance.now() - t);
