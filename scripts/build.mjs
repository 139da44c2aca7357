// Builds the client with Vite and bundles the server with esbuild into dist/.
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { compressAssets } from "./compress-assets.mjs";

export async function buildAll() {
  rmSync("dist", { recursive: true, force: true });
  await viteBuild({ configFile: "vite.config.ts", logLevel: "warn" });
  compressAssets("dist/client");
  await esbuild({
    // The server, and `npm run db:migrate` for deployments that migrate on their own.
    entryPoints: ["server/index.ts", "server/migrate.ts"],
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
  writeFileSync("dist/.build-stamp", new Date().toISOString());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
  console.log("built dist/client and dist/server");
}
