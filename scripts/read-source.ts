import { readFile } from "node:fs/promises";

/**
 * The text of a verifier's input (`npm run verify`, `npm run verify:reserves`): the file at
 * `source`, or, for an http(s) URL, its body (the one URL given, asked for JSON).
 * @throws Error when the file cannot be read or the URL answers other than 2xx.
 */
export async function readSource(source: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.text();
  }
  return readFile(source, "utf8");
}
