import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The shell's modules, and the few small ones every page route imports: the root imports them
 * all, so every page loads them anyway (docs/decisions/032-component-classes-and-lean-first-load.md).
 * Only modules loaded statically: the lazy drawer and toaster stay out (a manual chunk takes in
 * what its modules import).
 */
const SHELL_MODULES =
  /\/app\/(components\/shell\/(?!drawer|toaster)[\w-]+|components\/ui\/(icon|button|slot|badge)|lib\/(cn|deferred|use-hydrated|store|money|toast|theme|nonce|zod-jitless|use-inbox-live|meta|page-cache|sign-in-href)|root)\.tsx?$|vite\/preload-helper/;

/**
 * Two client chunks every page loads. "framework": React, React DOM and React Router, which
 * compressed together weigh about 1.5 KB (gzip) less than in the two chunks Rollup makes of them
 * (docs/decisions/023-page-weight.md). "shell": {@link SHELL_MODULES}, one file instead of the
 * ten Rollup made of them, about 3 KB (gzip) less on each page.
 */
function chunkOf(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return "framework";
  if (SHELL_MODULES.test(id)) return "shell";
  // The pack art and the tile that shows it stay one file: /packs draws tiles, /pack/1 the art
  // with its tiles deferred (docs/decisions/063-first-load-below-the-fold.md).
  if (/\/app\/components\/packs\/pack-(tile|image)\.tsx$/.test(id)) return "pack-tile";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : // Terser packs the client's code about 3 KB (gzip) a page tighter than esbuild's minifier.
      { minify: "terser", rollupOptions: { output: { manualChunks: chunkOf } } },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [tailwindcss(), reactRouter()],
}));
