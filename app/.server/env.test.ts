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

  it("sends mail as MAIL_FROM, by default from no-reply at PUBLIC_URL's host, and refuses a bad sender", () => {
    expect(parseEnv({}).MAIL_FROM).toBe("PackVault <no-reply@localhost>");
    expect(parseEnv({ PUBLIC_URL: "https://shop.example" }).MAIL_FROM).toBe(
      "PackVault <no-reply@shop.example>",
    );
    expect(parseEnv({ MAIL_FROM: "Cards <hello@cards.example>" }).MAIL_FROM).toBe(
      "Cards <hello@cards.example>",
    );
    expect(parseEnv({ MAIL_FROM: "hello@cards.example" }).MAIL_FROM).toBe("hello@cards.example");
    for (const bad of ["nobody", "Cards <hello>", "a@b.example\r\nBcc: x@y.example"]) {
      expect(() => parseEnv({ MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM: must be an address/);
    }
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

  it("reads DEV_TOOLS=1 as on, listening on loopback only by default", () => {
    const env = parseEnv({ DEV_TOOLS: "1" });
    expect(env.DEV_TOOLS).toBe(true);
    expect(env.HOST).toBe("127.0.0.1");
    expect(parseEnv({}).HOST).toBe("0.0.0.0");
    expect(parseEnv({ DEV_TOOLS: "1", HOST: "::1" }).HOST).toBe("::1");
  });

  it("refuses DEV_TOOLS=1 on an https PUBLIC_URL or a HOST other than loopback", () => {
    expect(() => parseEnv({ DEV_TOOLS: "1", PUBLIC_URL: "https://shop.example" })).toThrow(
      /DEV_TOOLS: must be off when PUBLIC_URL is https/,
    );
    expect(() => parseEnv({ DEV_TOOLS: "1", HOST: "0.0.0.0" })).toThrow(
      /DEV_TOOLS: must be off when HOST \(0.0.0.0\) is not a loopback/,
    );
    expect(() => parseEnv({ DEV_TOOLS: "1", HOST: "192.168.1.5" })).toThrow(EnvError);
    expect(parseEnv({ HOST: "0.0.0.0", PUBLIC_URL: "https://shop.example" }).DEV_TOOLS).toBe(false);
  });

  it("turns on the S3 bucket with S3_BUCKET, which then needs the endpoint and both keys", () => {
    const s3 = {
      S3_BUCKET: "pv-photos",
      S3_ENDPOINT: "https://s3.eu-west-1.amazonaws.com",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseEnv(s3)).toMatchObject({ ...s3, S3_REGION: "us-east-1" });
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    expect(() => parseEnv({ S3_BUCKET: "pv-photos", S3_ACCESS_KEY_ID: "AKIDEXAMPLE" })).toThrow(
      /S3_ENDPOINT: is required when S3_BUCKET is set\n\s+S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(() => parseEnv({ ...s3, S3_BUCKET: "" })).toThrow(
      /S3_BUCKET: is required when S3_ENDPOINT or S3 keys are set/,
    );
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "https://s3.example.com/bucket" })).toThrow(
      /S3_ENDPOINT: must be an origin/,
    );
    expect(() => parseEnv({ ...s3, S3_BUCKET: "Bad_Bucket" })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
  });

  it("reads METRICS_PORT (off when unset) and refuses it on the public port", () => {
    expect(parseEnv({}).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(() => parseEnv({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => parseEnv({ METRICS_PORT: "http" })).toThrow(/METRICS_PORT/);
  });
});
