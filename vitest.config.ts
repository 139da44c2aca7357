import path from "node:path";
import { configDefaults, defineConfig, type Plugin } from "vitest/config";

/**
 * The back office's uploader gets tus-js-client's browser build in component tests, as the bundle
 * does (XMLHttpRequest, Blob slices); the server's tests and benches keep its Node build.
 */
function tusBrowserBuild(): Plugin {
  const browserBuild = path.resolve(import.meta.dirname, "node_modules/tus-js-client/lib.esm/browser/index.js");
  return {
    name: "skyvantage-tus-browser-build",
    enforce: "pre",
    resolveId: (source, importer) => (source === "tus-js-client" && importer?.includes("/node_modules/@uppy/tus/") ? browserBuild : undefined),
  };
}

/**
 * The tests that never open a database: the client's, common/'s and the build scripts'. A run with
 * DATABASE_TESTS_ONLY set (CI's second pass, on PostgreSQL) leaves them out, as they would only
 * repeat the first pass (docs/testing.md, "Two databases").
 */
const DATABASE_FREE = ["client/**", "common/**", "scripts/compress-assets.test.ts", "scripts/lint-layers.test.ts", "scripts/route-chunks.test.ts"];

export default defineConfig({
  plugins: [tusBrowserBuild()],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "client/src"),
      "@common": path.resolve(import.meta.dirname, "common"),
    },
  },
  test: {
    include: ["common/**/*.test.ts", "server/**/*.test.ts", "client/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    exclude: process.env.DATABASE_TESTS_ONLY ? [...configDefaults.exclude, ...DATABASE_FREE] : configDefaults.exclude,
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files share a worker so PGlite compiles its WebAssembly once per worker, not per file.
    isolate: false,
    globalSetup: ["server/testing/global-setup.ts"],
    // Inlined so that its import of tus-js-client goes through the plugin above.
    server: { deps: { inline: ["@uppy/tus"] } },
  },
});
