import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * React, React DOM and React Router in one client chunk (every page loads all three): compressed
 * together they weigh about 1.5 KB (gzip) less than in the two chunks Rollup makes of them
 * (docs/decisions/023-page-weight.md).
 */
function frameworkChunk(id: string): string | undefined {
  return /\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)
    ? "framework"
    : undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : // Terser packs the client's code about 3 KB (gzip) a page tighter than esbuild's minifier.
      { minify: "terser", rollupOptions: { output: { manualChunks: frameworkChunk } } },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [tailwindcss(), reactRouter()],
}));
