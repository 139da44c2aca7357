// `npm start`: builds when the sources are newer than the last build, then serves.
// `node scripts/start.mjs migrate` (`npm run db:migrate`): the same, then only migrates the database.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["client", "common", "server", "package-lock.json", "vite.config.ts", "scripts/build.mjs"];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const stamp = "dist/.build-stamp";
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (Math.max(...SOURCES.map(newestMtime)) > builtAt) {
  console.log("Building SkyVantage (sources changed since the last build)...");
  const { buildAll } = await import("./build.mjs");
  await buildAll();
}
await import(process.argv[2] === "migrate" ? "../dist/server/migrate.js" : "../dist/server/index.js");
