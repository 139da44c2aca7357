// `npm start`: builds when the sources are newer than the last build, then serves.
// `node scripts/start.mjs migrate` (`npm run db:migrate`): the same, then only migrates the database.
// `node scripts/start.mjs worker` (`npm run worker`): the same, then runs the job queue's workers alone.
// The build runs in a child process (build-if-stale.mjs), so this process serves in the mode it was
// started in, whether or not a build just happened.
import { buildIfStale } from "./build-if-stale.mjs";

try {
  await buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const entries = { migrate: "../dist/server/migrate.js", worker: "../dist/server/worker.js" };
await import(entries[process.argv[2]] ?? "../dist/server/index.js");
