// `npm start`: builds when the sources are newer than the last build, then serves.
// `node scripts/start.mjs migrate` (`npm run db:migrate`): the same, then only migrates the database.
// The build runs in a child process (build-if-stale.mjs), so this process serves in the mode it was
// started in, whether or not a build just happened.
import { buildIfStale } from "./build-if-stale.mjs";

try {
  await buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(process.argv[2] === "migrate" ? "../dist/server/migrate.js" : "../dist/server/index.js");
