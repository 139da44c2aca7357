// Builds dist/ when the sources are newer than the last build: `npm start` and the ops tests
// both run the built server, and neither should serve (or test) an old bundle.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = [
  "client",
  "common",
  "server",
  "package-lock.json",
  "vite.config.ts",
  "scripts/build.mjs",
  "scripts/prerender.mjs",
  "scripts/og-image.mjs",
  "scripts/compress-assets.mjs",
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when no build exists or a source changed since the last one. */
export function isBuildStale() {
  const stamp = path.join(root, "dist/.build-stamp");
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  return Math.max(...SOURCES.map((entry) => newestMtime(path.join(root, entry)))) > builtAt;
}

/**
 * Builds when stale; answers whether it built. The build runs as its own process
 * (`node scripts/build.mjs`): Vite sets NODE_ENV=production in the process it builds in, and the
 * server that `npm start` goes on to run must keep the mode it was given, and not hold the build
 * tooling in memory. NODE_ENV is left out of the build's environment, so every build makes the
 * same production bundle whatever mode the server will run in.
 */
export async function buildIfStale() {
  if (!isBuildStale()) return false;
  console.log("Building SkyVantage (sources changed since the last build)...");
  const { NODE_ENV: _mode, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, env, stdio: "inherit" });
  const code = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? signal));
  });
  if (code !== 0) throw new Error(`the build failed (node scripts/build.mjs ended with ${code})`);
  return true;
}
