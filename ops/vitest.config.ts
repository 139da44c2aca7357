import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Operations tests (`npm run test:ops`): real server processes, a private PostgreSQL cluster,
 * load. Slow, and one file at a time so they do not load the machine against each other.
 */
export default defineConfig({
  root,
  resolve: {
    alias: {
      "@common": path.resolve(root, "common"),
    },
  },
  test: {
    include: ["ops/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ["ops/global-setup.ts"],
  },
});
