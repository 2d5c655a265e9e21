import { drawLogChunks } from "~/.server/packs/draw-log";
import { parseDrawLog, type DrawLog } from "~/lib/draw-log";
import { TEST_DRAW_LOG_TAG_KEY } from "./commerce";
import type { TestDatabase } from "./db";

/**
 * The JSON draw log of pack `packId` (docs/product/packs-and-fairness.md), streamed as the route
 * streams it with the tests' tag key, then parsed.
 */
export async function jsonDrawLog(db: TestDatabase, packId: number): Promise<DrawLog> {
  const chunks = await drawLogChunks(db.ctx(), {
    packId,
    format: "json",
    tagKey: TEST_DRAW_LOG_TAG_KEY,
  });
  let text = "";
  for await (const chunk of chunks!) text += chunk;
  return parseDrawLog(text);
}
