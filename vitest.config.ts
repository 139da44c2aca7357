import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "client/src"),
      "@common": path.resolve(import.meta.dirname, "common"),
    },
  },
  test: {
    include: ["common/**/*.test.ts", "server/**/*.test.ts", "client/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files share a worker so PGlite compiles its WebAssembly once per worker, not per file.
    isolate: false,
    globalSetup: ["server/testing/global-setup.ts"],
  },
});
