import type { Config } from "@react-router/dev/config";

// The framework floor of `npm run bench`: a minimal React Router 7 SSR app, built on its own.
export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "../../.bench/floor-build",
} satisfies Config;
