import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // E2E runs and benchmarks may build into their own folder so they never clobber `build/`.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
