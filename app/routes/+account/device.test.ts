import { describe, expect, it } from "vitest";
import { describeDevice, isMobileDevice } from "./device";

describe("describeDevice", () => {
  it("names the browser and the system of common user agents", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on macOS");
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      describeDevice("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
    ).toBe("Firefox on Linux");
  });

  it("falls back for missing or unknown user agents", () => {
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice("vitest")).toBe("Unknown device");
  });

  it("tells phones and tablets from computers", () => {
    expect(isMobileDevice("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36")).toBe(
      true,
    );
    expect(isMobileDevice("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Firefox/133.0")).toBe(false);
    expect(isMobileDevice(null)).toBe(false);
  });
});
