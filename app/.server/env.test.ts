import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("defaults to port 3000, ./data and no DATABASE_URL", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEV_TOOLS).toBe(false);
  });

  it("treats an empty value as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("names each bad variable in its message", () => {
    const bad = () => parseEnv({ PORT: "99999", DATABASE_URL: "mysql://x" });
    expect(bad).toThrow(EnvError);
    expect(bad).toThrow(/PORT: /);
    expect(bad).toThrow(/DATABASE_URL: must start with postgres/);
  });

  it("reads DEV_TOOLS=1 as on", () => {
    expect(parseEnv({ DEV_TOOLS: "1" }).DEV_TOOLS).toBe(true);
  });
});
