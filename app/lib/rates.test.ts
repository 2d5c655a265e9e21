import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BUYBACK_PERCENT,
  BUYBACK_RATE_BP,
  PLATFORM_FEE_BP,
  PLATFORM_FEE_PERCENT,
  POINTS_PER_DOLLAR,
  POINTS_PER_DOLLAR_LABEL,
  SELLER_SHARE_PERCENT,
  percentLabel,
} from "./rates";

const appDir = path.resolve(import.meta.dirname, "..");

/** Every source file a page's words can come from: routes, components and the server's texts. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The code without its comments (a rate explained in a comment is no page's text). */
const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/**
 * The rates a page could type in: what the constants say now and what the shop has published
 * (buyback 90 %, fee 15 %, seller's share 85 %), so a page still saying "90%" after the
 * buyback rate moved is caught too.
 */
const ruledPercents = new Set(
  [BUYBACK_RATE_BP, PLATFORM_FEE_BP, 10_000 - PLATFORM_FEE_BP, 9_000, 1_500, 8_500].map(
    (bp) => bp / 100,
  ),
);

describe("rates as pages state them", () => {
  it("formats basis points as the percent pages show", () => {
    expect(percentLabel(9_000)).toBe("90%");
    expect(percentLabel(1_250)).toBe("12.5%");
    expect(BUYBACK_PERCENT).toBe(`${BUYBACK_RATE_BP / 100}%`);
    expect(PLATFORM_FEE_PERCENT).toBe(`${PLATFORM_FEE_BP / 100}%`);
    expect(SELLER_SHARE_PERCENT).toBe(`${100 - PLATFORM_FEE_BP / 100}%`);
    expect(POINTS_PER_DOLLAR_LABEL).toBe(`${POINTS_PER_DOLLAR} point per whole dollar`);
  });

  it("no route, component or server text types in a ruled rate or the points rule", () => {
    const typedIn: string[] = [];
    for (const dir of ["routes", "components", ".server"]) {
      for (const file of sourceFiles(path.join(appDir, dir))) {
        const code = withoutComments(readFileSync(file, "utf8"));
        for (const match of code.matchAll(/(?<![\w.[-])(\d+(?:\.\d+)?) ?%/g)) {
          if (ruledPercents.has(Number(match[1]))) {
            typedIn.push(`${path.relative(appDir, file)}: ${match[0]}`);
          }
        }
        for (const match of code.matchAll(/\b(one|1) (reward )?points? per (whole )?dollar/gi)) {
          typedIn.push(`${path.relative(appDir, file)}: ${match[0]}`);
        }
      }
    }
    expect(typedIn).toEqual([]);
  });
});
