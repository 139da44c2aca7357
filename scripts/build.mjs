// Builds the client with Vite, prerenders its pages and bundles the server with esbuild into dist/.
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { compressAssets } from "./compress-assets.mjs";
import { writeOgImage } from "./og-image.mjs";
import { prerender } from "./prerender.mjs";

export async function buildAll() {
  rmSync("dist", { recursive: true, force: true });
  await viteBuild({ configFile: "vite.config.ts", logLevel: "warn" });
  // The same client for Node, self-contained (dist/ssr/entry.js), to render pages to HTML.
  await viteBuild({
    configFile: "vite.config.ts",
    logLevel: "warn",
    build: { ssr: "src/prerender/entry.tsx", outDir: "../dist/ssr", emptyOutDir: true, manifest: false, copyPublicDir: false },
    ssr: { noExternal: true },
  });
  await prerender("dist");
  await writeOgImage("client/src/assets/illustrations/hero-drone.svg", "dist/client/og-image.png");
  compressAssets("dist/client");
  await esbuild({
    // The server, `npm run db:migrate` for deployments that migrate on their own, `npm run worker`, and
    // the process detection and the report's PDF run in (server/processes/node-task.ts looks for it beside them).
    entryPoints: ["server/index.ts", "server/migrate.ts", "server/worker.ts", { in: "server/node-task-entry.ts", out: "node-task-entry" }],
    outdir: "dist/server",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  cpSync("server/db/migrations", "dist/server/migrations", { recursive: true });
  // Raster processing's WebAssembly GDAL runs in a child process from this file (server/map-layers/gdal/wasm.ts).
  cpSync("server/map-layers/gdal/wasm-runner.mjs", "dist/server/gdal-wasm-runner.mjs");
  writeFileSync("dist/.build-stamp", new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
  console.log("built dist/client and dist/server");
}
