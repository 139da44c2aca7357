import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { THEME_BOOT_SCRIPT } from "./common/theme.ts";

const root = path.resolve(import.meta.dirname, "client");
/** Common chunks under this many bytes of source (about 8 KB gzip) are inlined into their readers. */
const INLINED_COMMON_CHUNK_BYTES = 30_000;
/** Vite emits a style module's CSS from every chunk holding it: those chunks stay files. */
const STYLESHEETS = /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/;

/** Puts the theme boot script in <head> from the one module the server hashes for its CSP. */
function themeBootScript(): Plugin {
  return {
    name: "skyvantage-theme-boot",
    transformIndexHtml: () => [{ tag: "script", children: THEME_BOOT_SCRIPT, injectTo: "head-prepend" }],
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: path.join(root, "public"),
  plugins: [react(), tailwindcss(), themeBootScript()],
  resolve: {
    alias: [
      { find: "@", replacement: path.join(root, "src") },
      { find: "@common", replacement: path.resolve(import.meta.dirname, "common") },
      { find: /^zod$/, replacement: path.join(root, "src/lib/zod-jitless.ts") },
      { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: path.join(root, "src/lib/use-sync-external-store.ts") },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/client"),
    emptyOutDir: true,
    // The server serves dist/client only when this manifest marks it as a finished build.
    manifest: true,
    sourcemap: false,
    // Every browser the site supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Small common chunks are copied into the chunks that read them (one module state kept by
    // Rolldown's runtime), so a portal screen loads 7–12 files rather than 47–78 (decision 0040).
    // Not for the prerendering build, whose entry must keep its exports.
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          preserveEntrySignatures: false,
          output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: INLINED_COMMON_CHUNK_BYTES, exclude: STYLESHEETS } } },
        },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:5000" },
  },
}));
