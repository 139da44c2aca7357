// `npm start`: builds when the sources are newer than the last build, then serves.
// `node scripts/start.mjs migrate` (`npm run db:migrate`): the same, then only migrates the database.
// `node scripts/start.mjs worker` (`npm run worker`): the same, then runs the job queue's workers alone.
// The build runs in a child process (build-if-stale.mjs), so this process serves in the mode it was
// started in, whether or not a build just happened.
import v8 from "node:v8";
import { buildIfStale } from "./build-if-stale.mjs";

const entries = { migrate: "../dist/server/migrate.js", worker: "../dist/server/worker.js" };
const entry = entries[process.argv[2]];

// Loading and starting the web server allocates a burst of short-lived objects, for which V8 would
// grow its young generation to 2 × 16 MB and keep it for the life of the process: about 30 MB of an
// idle server (docs/decisions/0029-embedded-database-code-memory.md). It is held at its
// smallest until the server listens; server/index.ts then gives V8 back its own growth. The worker
// and the migration keep V8's defaults: nothing in them would give the growth back.
if (!entry) v8.setFlagsFromString("--semi-space-growth-factor=1");

// The embedded database (no DATABASE_URL) is the small server's configuration, where the whole
// process tree has to fit beside GDAL in about 400 MB: V8 then keeps its heap small rather than
// fast (about 40–70 MB less resident after mixed load, docs/decisions/0054-small-server-heap.md).
// A PostgreSQL deployment keeps V8's defaults.
if (!entry && !process.env.DATABASE_URL) v8.setFlagsFromString("--optimize-for-size");

try {
  await buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(entry ?? "../dist/server/index.js");
